/** Content locales, in the order the language tabs show them. */
export const LOCALES = ['en', 'fr', 'es', 'de', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Each locale's name in its own language, as the language tabs and messages write it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', es: 'Español', de: 'Deutsch', it: 'Italiano' };

/** A translatable value: one string per locale, any of which may be missing. */
export type Translations = Partial<Record<Locale, string>>;

/** Lower-cases and strips diacritics, the normal form of every search column and term. */
export function searchNormal(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The value in `locale`, else English, else the first filled locale, else ''. */
export function pickTranslation(value: Translations | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  if (!value) return '';
  return value[locale] || value.en || LOCALES.map((l) => value[l]).find(Boolean) || '';
}
