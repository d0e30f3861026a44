import type { TFunction } from 'i18next';
import { READING_SHEET_SCREEN } from '../../../common/readingSheetForm';
import type { ScreenDefinition } from '../../../common/screenDefinition';

/** A screen's name as the studio titles it: 'Reading sheet editor', else its definition's title ('Genres'); its name when it has none. */
export function screenTitle(t: TFunction, screens: readonly ScreenDefinition[], name: string): string {
  if (name === READING_SHEET_SCREEN) return t('screens.studio.readingSheetEditor');
  const title = screens.find((screen) => screen.resource === name)?.title;
  return title ? t(title) : name;
}
