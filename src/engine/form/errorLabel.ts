import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { LOCALES, type Locale } from '../../../common/locales';
import { resolveRef } from '../../../common/dereferenceSchema';

type Json = Record<string, unknown>;

/**
 * A readable name for an error key of a form, for an error summary: each segment's label (the UI
 * schema's `ui:title`, else the schema's `title`, else the key), an array index as `#n`, a
 * language of a `translatable` field as its name: `Series › #2 › Series name`, `Title › Français`.
 */
export function errorLabel(key: string, schema: RJSFSchema, uiSchema: UiSchema | undefined, t: TFunction): string {
  const definitions = (schema.definitions ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  let ui: UiSchema | undefined = uiSchema;
  let node: Json | undefined = schema as Json;
  for (const segment of key.split('.')) {
    if (ui?.['ui:field'] === 'translatable' && (LOCALES as readonly string[]).includes(segment)) {
      parts.push(t(`locales.${segment as Locale}`));
      break;
    }
    if (/^\d+$/.test(segment)) {
      parts.push(t('form.errorItem', { n: Number(segment) + 1 }));
      ui = ui?.items as UiSchema | undefined;
      node = resolveRef(node?.items, definitions);
      continue;
    }
    ui = ui?.[segment] as UiSchema | undefined;
    node = resolveRef((node?.properties as Record<string, unknown> | undefined)?.[segment], definitions);
    const title = ui?.['ui:title'] ? t(String(ui['ui:title'])) : typeof node?.title === 'string' ? node.title : segment;
    parts.push(title);
  }
  return parts.join(' › ');
}
