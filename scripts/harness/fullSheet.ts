import { asc } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LOCALES, type Translations } from '../../common/locales.js';
import type { Db } from '../../server/db/client.js';
import {
  adaptationBudgets,
  adaptationFormats,
  adaptationKinds,
  audiences,
  authors,
  categories,
  characterAges,
  characterFunctions,
  characterGenders,
  characterTopologies,
  companies,
  contacts,
  countries,
  formats,
  genres,
  languages,
  literaryPrizes,
  periods,
  RATING_TYPES,
  thematics,
  times,
} from '../../server/db/schema/index.js';
import { SHEET_TRANSLATION_KEYS } from '../../server/sheets/sheetColumnFields.js';

/**
 * The full reading sheet the server suites save and read and the editor bench types in: every
 * per-language map filled in the five locales, characters, series, ratings and references, with
 * the reference ids and the directory records it names.
 */

async function firstIds(db: Db, table: PgTable, column: PgColumn, n: number): Promise<number[]> {
  const rows = await db.select({ id: column }).from(table).orderBy(asc(column)).limit(n);
  return rows.map((row) => row.id as number);
}

/** A few ids of every reference list the sheet uses (seeded by the test database). */
export async function referenceIds(db: Db) {
  const ids = (table: PgTable & { id: PgColumn }, n = 3) => firstIds(db, table, table.id, n);
  return {
    countries: await ids(countries),
    languages: await ids(languages),
    times: await ids(times),
    formats: await ids(formats),
    adaptationBudgets: await ids(adaptationBudgets),
    genres: await ids(genres, 4),
    periods: await ids(periods),
    thematics: await ids(thematics),
    audiences: await ids(audiences),
    categories: await ids(categories),
    adaptationFormats: await ids(adaptationFormats),
    adaptationKinds: await ids(adaptationKinds),
    functions: await ids(characterFunctions),
    genders: await ids(characterGenders),
    ages: await ids(characterAges),
    topologies: await ids(characterTopologies),
  };
}
export type ReferenceIds = Awaited<ReturnType<typeof referenceIds>>;

/** Companies, authors, contacts and literary prizes for sheets to refer to. */
export async function seedDirectory(db: Db) {
  const [company1, company2] = await db
    .insert(companies)
    .values([{ name: 'Gallimard' }, { name: 'Penguin Random House' }])
    .returning({ id: companies.id, name: companies.name });
  const authorRows = await db
    .insert(authors)
    .values([{ name: 'Frank Herbert' }, { name: 'Ursula K. Le Guin' }, { name: 'Émile Zola' }])
    .returning({ id: authors.id, name: authors.name });
  const contactRows = await db
    .insert(contacts)
    .values([
      { name: 'Claire Agent', companyId: company1!.id },
      { name: 'Marc Editor', companyId: null },
    ])
    .returning({ id: contacts.id, name: contacts.name });
  const prizeRows = await db
    .insert(literaryPrizes)
    .values([{ label: 'Goncourt' }, { label: 'Hugo Award' }])
    .returning({ id: literaryPrizes.id });
  return {
    companies: [company1!, company2!],
    authors: authorRows,
    contacts: contactRows,
    prizes: prizeRows.map((row) => row.id),
  };
}
export type Directory = Awaited<ReturnType<typeof seedDirectory>>;

const everyLocale = (text: string): Translations => Object.fromEntries(LOCALES.map((locale) => [locale, `${text} (${locale})`]));
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** A sheet with every field, list and map filled (the writable part, as a save sends it). */
export function fullSheet(ref: ReferenceIds, dir: Directory) {
  return {
    original_title: 'Dune',
    original_country_id: ref.countries[0]!,
    language_id: ref.languages[0]!,
    status_id: 2,
    rights_status_id: 3,
    time_id: ref.times[0]!,
    format_id: ref.formats[0]!,
    company_id: dir.companies[0]!.id,
    adaptation_budget_id: ref.adaptationBudgets[0]!,
    publication_date: '1965-08',
    nb_pages: 412,
    universal: 1 as const,
    manuscript_confidential: 1 as const,
    private_comment: 'Worth a series, not a film.',
    serie: 1 as const,
    ...Object.fromEntries(SHEET_TRANSLATION_KEYS.map((key) => [key, everyLocale(key)])),
    titles: { en: 'Dune', fr: 'Dune (fr)', es: 'Duna', de: 'Der Wüstenplanet', it: 'Dune (it)' },
    seriesList: [
      { name: 'Dune Chronicles', number: 1 },
      { name: 'Dune Saga', number: 2 },
    ],
    authorList: [
      { id: dir.authors[1]!.id, type: 1 },
      { id: dir.authors[0]!.id, type: 2 },
    ],
    sourceList: [
      { id: dir.contacts[0]!.id, date: '2024-03-14', mail: 'Fwd: Dune – reading copy' },
      { other: 'Frankfurter Buchmesse', date: '2023-10-20' },
    ],
    contactList: [
      { id: dir.contacts[1]!.id, audiovisual_law: 1 as const },
      { id: dir.contacts[0]!.id, audiovisual_law: 0 as const },
    ],
    genres: sorted(ref.genres.slice(0, 3)),
    primary_genre: ref.genres[1]!,
    periods: sorted(ref.periods.slice(0, 2)),
    places: sorted(ref.countries.slice(1, 3)),
    thematics: sorted(ref.thematics.slice(0, 2)),
    audiences: sorted(ref.audiences.slice(0, 1)),
    categories: sorted(ref.categories.slice(0, 2)),
    adaptation_formats: sorted(ref.adaptationFormats.slice(0, 2)),
    adaptation_kinds: sorted(ref.adaptationKinds.slice(0, 1)),
    literary_prizes: sorted(dir.prizes),
    characters: [
      {
        name: 'Paul Atreides',
        function: ref.functions[0]!,
        gender: ref.genders[0]!,
        ages: sorted(ref.ages.slice(0, 2)),
        country: ref.countries[0]!,
        topology: ref.topologies[0]!,
        characterisations: everyLocale('heir'),
        issues: everyLocale('survive'),
        evolutions: everyLocale('becomes a prophet'),
      },
      { name: 'Chani', ages: [ref.ages[2]!], characterisations: { en: 'A Fremen' } },
    ],
    ratings: Object.fromEntries(RATING_TYPES.map((type, i) => [type, i % 5])),
  };
}
export type FullSheet = ReturnType<typeof fullSheet>;
