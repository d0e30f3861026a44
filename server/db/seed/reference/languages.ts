import languageNames from '@cospired/i18n-iso-languages/index.js';
import de from '@cospired/i18n-iso-languages/langs/de.json' with { type: 'json' };
import en from '@cospired/i18n-iso-languages/langs/en.json' with { type: 'json' };
import es from '@cospired/i18n-iso-languages/langs/es.json' with { type: 'json' };
import fr from '@cospired/i18n-iso-languages/langs/fr.json' with { type: 'json' };
import it from '@cospired/i18n-iso-languages/langs/it.json' with { type: 'json' };
import { LOCALES } from '../../../../common/locales.js';
import type { Db } from '../../client.js';
import { languages } from '../../schema/reference.js';
import type { Names } from './names.js';
import { upsertRows } from './upsert.js';

for (const data of [en, fr, es, de, it]) languageNames.registerLocale(data);

/**
 * ISO 639-1 codes of the languages a scouted book is likely to be written in: the 24 official
 * EU languages, then the other major publishing languages and the regional languages of Europe.
 */
const BOOK_LANGUAGE_CODES = [
  // Official languages of the European Union.
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'ga',
  'hr',
  'hu',
  'it',
  'lt',
  'lv',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'sk',
  'sl',
  'sv',
  // Other European languages with a publishing industry.
  'no',
  'is',
  'uk',
  'ru',
  'be',
  'sr',
  'bs',
  'mk',
  'sq',
  'tr',
  'hy',
  'ka',
  // Regional and minority languages of Europe.
  'ca',
  'eu',
  'gl',
  'cy',
  'gd',
  'br',
  'co',
  'lb',
  'yi',
  // Asia, the Middle East and Africa.
  'ar',
  'he',
  'fa',
  'ku',
  'hi',
  'bn',
  'ur',
  'ta',
  'zh',
  'ja',
  'ko',
  'vi',
  'th',
  'id',
  'ms',
  'tl',
  'sw',
  'af',
  'am',
  // Classical and constructed languages that still get translated or published.
  'la',
  'eo',
] as const;

/** Upper-cases the first letter: the Italian file gives language names in lower case, as running text would. */
function capitalise(name: string, locale: string): string {
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** The `BOOK_LANGUAGE_CODES` with their names in each content locale, from `@cospired/i18n-iso-languages`. */
function languageRows(): { code: string; names: Names }[] {
  return BOOK_LANGUAGE_CODES.map((code) => ({
    code,
    names: Object.fromEntries(LOCALES.map((locale) => [locale, capitalise(languageNames.getName(code, locale) ?? '', locale)])) as Names,
  }));
}

/** Upserts the languages by code. */
export async function seedLanguages(db: Db): Promise<void> {
  await upsertRows(db, languages, languages.code, languageRows());
}
