import type { ScreenDefinition } from '../../../common/screenDefinition';
import { expandScreen } from '../../../common/expandTranslations';
import { validateScreens } from '../../../common/validateScreens';

/** The definitions as written, their locales expanded (`translations`, common/expandTranslations.ts). */
const files = Object.fromEntries(
  Object.entries(import.meta.glob<ScreenDefinition>('/schemas/*.screen.json', { eager: true, import: 'default' })).map(([file, screen]) => [file, expandScreen(screen)]),
);

/**
 * Every screen definition of `schemas/`, in file order. The build checks them against the
 * meta-schema (scripts/check-definitions.ts) and so does the server at boot, so a built app trusts them; the dev
 * server, where a definition can change without a build, checks them again here.
 */
export const screens: ScreenDefinition[] = import.meta.env.DEV
  ? validateScreens(files)
  : Object.entries(files)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, screen]) => screen);

/** The screen of a resource; throws when none is declared (a typo in a bespoke screen). */
export function screenOf(resource: string): ScreenDefinition {
  const screen = screens.find((s) => s.resource === resource);
  if (!screen) throw new Error(`No screen definition for "${resource}" in schemas/`);
  return screen;
}

/**
 * The path pattern of the route a screen definition names `name` (`readingSheets-save` →
 * `/reading-sheet/:id?`), list or form; throws when no definition declares it. The server's check
 * refuses such a name in a definition (server/definitions/checkDefinitions.ts), so this throws only on a typo in code.
 */
export function routePathByName(name: string): string {
  const route = screens.flatMap((s) => [s.routes.list, ...(s.routes.form ? [s.routes.form] : [])]).find((r) => r.name === name);
  if (!route) throw new Error(`No screen definition in schemas/ declares the route "${name}"`);
  return route.path;
}
