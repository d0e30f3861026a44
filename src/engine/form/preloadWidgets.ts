import type { Registries } from '../registries';
import { uiNames } from './translateSchema';

/**
 * Loads the code of every registered widget and field a UI schema names (those kept out of the
 * first script: `deferred`), so a form page's loader can wait for them and no field of the form
 * shows after the others. RJSF's own widgets and names that are not registered are left alone
 * (the form's own check reports an unknown one).
 */
export async function preloadWidgets(uiSchema: unknown, { widgets, fields }: Pick<Registries, 'widgets' | 'fields'>): Promise<void> {
  const loads = uiNames(uiSchema).map(({ kind, name }) => {
    const component = (kind === 'ui:field' ? fields : widgets) as Readonly<Record<string, { preload?: () => Promise<unknown> } | undefined>>;
    return component[name]?.preload?.();
  });
  await Promise.all(loads);
}
