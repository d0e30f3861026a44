import type { TFunction } from 'i18next';
import type { ScreenDefinition } from '../../../common/screenDefinition';

/** What a definition calls its screen, as staff find it in the menu: its menu label, else its title (an i18n key); none without either. */
export function screenName(definition: { menu?: unknown; title?: unknown }): string | undefined {
  const menu = definition.menu as { label?: unknown } | undefined;
  if (typeof menu?.label === 'string') return menu.label;
  return typeof definition.title === 'string' ? definition.title : undefined;
}

/** A screen's name as the studio and the activity title it: its menu label ('Reading sheets'), else its title ('Genres'); its name when it has neither. */
export function screenTitle(t: TFunction, screens: readonly ScreenDefinition[], name: string): string {
  const screen = screens.find((candidate) => candidate.resource === name);
  const key = screen && screenName(screen);
  return key ? t(key) : name;
}
