import type { UiSchema } from '@rjsf/utils';
import { BUILT_IN_WIDGETS } from '../../../common/screenDefinition';
import type { Registries } from '../registries';
import { uiNames } from './translateSchema';

/** RJSF's own widgets, usable by name in any UI schema (shared with the definition check). */
const BUILT_IN = new Set<string>(BUILT_IN_WIDGETS);

/** Fails loudly when a UI schema names a widget or field that is not registered. */
export function assertRegistered(uiSchema: UiSchema | undefined, { widgets, fields }: Pick<Registries, 'widgets' | 'fields'>): void {
  for (const { kind, name, path } of uiNames(uiSchema)) {
    const known = kind === 'ui:field' ? name in fields : name in widgets || BUILT_IN.has(name);
    if (!known) throw new Error(`Unknown ${kind} "${name}" at ${path}: register it in src/widgets/registry.ts`);
  }
}
