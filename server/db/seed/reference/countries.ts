import countryNames from 'i18n-iso-countries/index.js';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import { LOCALES } from '../../../../common/locales.js';
import type { Db } from '../../client.js';
import { countries } from '../../schema/reference.js';
import { searchTextOf, type Names } from './names.js';
import { upsertRows } from './upsert.js';

for (const data of [en, fr, es, de, it]) countryNames.registerLocale(data);

/**
 * Every ISO 3166-1 alpha-2 country known to `i18n-iso-countries`, sorted by code, with its
 * official name in each content locale as that package gives it (nothing typed by hand).
 */
function countryRows(): { code: string; names: Names; searchText: string }[] {
  return Object.keys(countryNames.getAlpha2Codes())
    .sort()
    .map((code) => {
      const names = Object.fromEntries(LOCALES.map((locale) => [locale, countryNames.getName(code, locale) ?? ''])) as Names;
      return { code, names, searchText: searchTextOf(names) };
    });
}

/** Upserts the countries by code. */
export async function seedCountries(db: Db): Promise<void> {
  await upsertRows(db, countries, countries.code, countryRows());
}
