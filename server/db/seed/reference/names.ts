import { LOCALES, searchNormal, type Locale } from '../../../../common/locales.js';

/** A translation in every content locale: seed data must be complete, so no locale is optional. */
export type Names = Record<Locale, string>;

/** One row of a translatable reference list, with the fixed id it keeps across seeds. */
export interface NamedEntry {
  id: number;
  names: Names;
}

/**
 * The `search_text` value of a row: `searchNormal(Object.values(names).join(' '))`, with the
 * values taken in `LOCALES` order so the result does not depend on how the object was built.
 */
export function searchTextOf(names: Names): string {
  return searchNormal(LOCALES.map((locale) => names[locale]).join(' '));
}
