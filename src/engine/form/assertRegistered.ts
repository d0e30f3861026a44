import type { UiSchema } from '@rjsf/utils';
import type { Registries } from '../registries';
import { uiNames } from './translateSchema';

/** RJSF's own widgets, usable by name in any UI schema. */
export const BUILT_IN_WIDGETS = new Set(['text', 'textarea', 'select', 'checkbox', 'checkboxes', 'radio', 'password', 'email', 'uri', 'updown', 'range', 'hidden']);

/** Fails loudly when a UI schema names a widget or field that is not registered. */
export function assertRegistered(uiSchema: UiSchema | undefined, { widgets, fields }: Pick<Registries, 'widgets' | 'fields'>): void {
  for (const { kind, name, path } of uiNames(uiSchema)) {
    const known = kind === 'ui:field' ? name in fields : name in widgets || BUILT_IN_WIDGETS.has(name);
    if (!known) throw new Error(`Unknown ${kind} "${name}" at ${path}: register it in src/widgets/registry.ts`);
  }
}
