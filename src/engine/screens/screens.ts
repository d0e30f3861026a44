import type { ScreenDefinition } from '../../../common/screenDefinition';
import { validateScreens } from '../../../common/validateScreens';

const files = import.meta.glob<ScreenDefinition>('/schemas/*.screen.json', { eager: true, import: 'default' });

/** Every screen definition of `schemas/`, checked against the meta-schema when the app loads. */
export const screens: ScreenDefinition[] = validateScreens(files);

/** The screen of a resource; throws when none is declared (a typo in a bespoke screen). */
export function screenOf(resource: string): ScreenDefinition {
  const screen = screens.find((s) => s.resource === resource);
  if (!screen) throw new Error(`No screen definition for "${resource}" in schemas/`);
  return screen;
}
