import { LOCALES, type Locale } from '../../../../common/locales.js';
import type { Db } from '../../client.js';
import { locales } from '../../schema/reference.js';
import { upsertRows } from './upsert.js';

/** The content locales, each named in its own language (the endonym the language menu shows). */
const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
  it: 'Italiano',
};

/** Upserts the locales by code, in the order of `LOCALES`. */
export async function seedLocales(db: Db): Promise<void> {
  await upsertRows(
    db,
    locales,
    locales.code,
    LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code] })),
  );
}
