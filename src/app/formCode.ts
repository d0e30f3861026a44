import { preloadWidgets } from '../engine/form/preloadWidgets';
import { screensAnswered } from '../engine/resource/definitions';
import { registries } from '../widgets/registry';

/**
 * What a form page waits for in its loader, beside its record: the validators of the forms in use
 * and the code of the widgets its UI schema names (read once the guard has brought the screens in
 * use). The form's own code (RJSF) comes with the route's chunk, fetched at the same time.
 */
export async function loadFormCode(uiSchemaOf: () => unknown): Promise<void> {
  const [{ ensureFormValidators }] = await Promise.all([import('../engine/form/validator'), screensAnswered()]);
  await Promise.all([ensureFormValidators(), preloadWidgets(uiSchemaOf(), registries)]);
}
