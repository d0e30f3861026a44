import type { ScreenDefinition } from '../../../common/screenDefinition';

/** The resource of the screens' publishes in the activity (docs/record-history.md, 'Screen publishes'): a revision names the screen and its version. */
export const SCREENS = 'screens';

/** A resource the history knows, by its API name, with the i18n key of its menu label. */
export interface ResourceChoice {
  value: string;
  label: string;
}

/**
 * The resources staff find in the menu, by API name (the history's `resource`), with their menu
 * labels: one per API (the reading sheets' list and editor are one resource, `books`), and the
 * screens' publishes under the studio's name.
 */
export function resourceChoices(screens: readonly ScreenDefinition[]): ResourceChoice[] {
  const choices = new Map<string, string>();
  for (const screen of screens) if (screen.menu && !choices.has(screen.api)) choices.set(screen.api, screen.menu.label);
  if (!choices.has(SCREENS)) choices.set(SCREENS, 'screens.studio.menu');
  return [...choices].map(([value, label]) => ({ value, label }));
}

/** The screen whose labels name the fields of a resource's revisions, when a revision names none: the one with its form. */
export function screenOfResource(screens: readonly ScreenDefinition[], resource: string): string | undefined {
  return screens.find((screen) => screen.api === resource && screen.form)?.resource;
}
