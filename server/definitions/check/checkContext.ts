import type { ScreenDefinition } from '../../../common/screenDefinition.js';
import type { ResourceSurface } from '../../engine/declaration.js';
import { englishTexts } from '../englishLabels.js';
import { servedLists, type ServedList } from '../servedLists.js';

/**
 * What one definition is checked against: what the server serves, the other definitions (their
 * routes, apis and paths) and the English texts. Built once for all the definitions checked; a
 * definition about to be published is checked against the context of the screens it joins.
 */
export interface CheckContext {
  /** Every list endpoint under admin/, by path, with what it accepts and returns. */
  lists: ReadonlyMap<string, ServedList>;
  /** The screens by resource (their routes, api and menu). */
  screens: ReadonlyMap<string, ScreenDefinition>;
  /** Every i18n key of src/i18n/locales/en. */
  i18nKeys: ReadonlySet<string>;
}

/**
 * The context of `screens` (every screen definition, the one checked included or replaced):
 * `resources` defaults to the declared ones (server/resources), `i18nKeys` to the English texts.
 */
export function checkContext(
  screens: Iterable<ScreenDefinition>,
  options: { resources?: readonly ResourceSurface[]; i18nKeys?: ReadonlySet<string> } = {},
): CheckContext {
  return {
    lists: servedLists(options.resources),
    screens: new Map([...screens].map((screen) => [screen.resource, screen])),
    i18nKeys: options.i18nKeys ?? new Set(englishTexts().keys()),
  };
}

/** Every route name of the screens (`routes.list.name`, `routes.form.name`). */
export function routeNames(context: CheckContext): Set<string> {
  return new Set([...context.screens.values()].flatMap((screen) => [screen.routes.list.name, ...(screen.routes.form ? [screen.routes.form.name] : [])]));
}
