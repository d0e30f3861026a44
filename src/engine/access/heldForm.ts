import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import i18n from '../../i18n';
import type { ScreenAccess } from './screenAccess';

/**
 * A form as the reader's roles let them see it (docs/permissions.md): a hidden field is not in it
 * (its stored value is kept by the server when the save leaves it out); a read-only one is shown
 * disabled, with the reason. The same form, unchanged, for a reader with no field rules.
 */
export function heldForm(
  schema: RJSFSchema,
  uiSchema: UiSchema | undefined,
  access: Pick<ScreenAccess, 'hidden' | 'readOnly'>,
): { schema: RJSFSchema; uiSchema: UiSchema | undefined } {
  if (access.hidden.size === 0 && access.readOnly.size === 0) return { schema, uiSchema };
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([field]) => !access.hidden.has(field)));
  const required = schema.required?.filter((field) => !access.hidden.has(field));
  const ui: UiSchema = { ...uiSchema };
  for (const field of access.hidden) delete ui[field];
  const order = ui['ui:order'] as string[] | undefined;
  if (order) ui['ui:order'] = order.filter((field) => !access.hidden.has(field));
  for (const field of access.readOnly) {
    if (!Object.hasOwn(properties, field)) continue;
    ui[field] = { ...(ui[field] as UiSchema | undefined), 'ui:disabled': true, 'ui:help': i18n.t('permissions.readOnly') };
  }
  return { schema: { ...schema, properties, ...(required ? { required } : {}) }, uiSchema: ui };
}
