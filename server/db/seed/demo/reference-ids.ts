import { asc } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Translations } from '../../../../common/locales.js';
import type { Db } from '../../client.js';
import {
  adaptationBudgets,
  adaptationFormats,
  adaptationKinds,
  audiences,
  authorTypes,
  bookStatuses,
  categories,
  characterAges,
  characterFunctions,
  characterGenders,
  characterTopologies,
  contactTypes,
  countries,
  demandStatuses,
  demandTypes,
  formats,
  genres,
  languages,
  locales,
  periods,
  plans,
  reporterStatuses,
  rightsStatuses,
  thematics,
  times,
} from '../../schema/index.js';

/** A reference row with its translatable names. */
interface Named {
  id: number;
  names: Translations;
}

/** The reference rows the demo catalogue points at, read from the tables (never assumed). */
export interface ReferenceIds {
  countryByCode: Map<string, number>;
  countries: Named[];
  languageByCode: Map<string, number>;
  localeByCode: Map<string, number>;
  bookStatuses: number[];
  rightsStatuses: number[];
  authorTypes: number[];
  contactTypes: number[];
  demandTypes: number[];
  demandStatuses: { id: number; requiresCommentary: boolean }[];
  reporterStatuses: number[];
  plans: { id: number; role: string; credits: number; commitment: number; paid: boolean }[];
  genres: Named[];
  thematics: Named[];
  periods: Named[];
  times: Named[];
  formats: Named[];
  audiences: Named[];
  categories: Named[];
  adaptationFormats: Named[];
  adaptationKinds: Named[];
  adaptationBudgets: Named[];
  characterFunctions: Named[];
  characterGenders: Named[];
  characterAges: Named[];
  characterTopologies: Named[];
}

/** Lists the demo data cannot do without; the others are used when filled. */
const REQUIRED = [
  'countries',
  'bookStatuses',
  'rightsStatuses',
  'authorTypes',
  'demandTypes',
  'demandStatuses',
  'reporterStatuses',
  'plans',
  'genres',
] as const satisfies readonly (keyof ReferenceIds)[];

/** Reads every reference list; throws when a list the demo needs is empty (run the reference seeder first). */
export async function loadReferenceIds(db: Db): Promise<ReferenceIds> {
  const ids = async (table: PgTable & { id: AnyPgColumn }) =>
    (await db.select({ id: table.id }).from(table).orderBy(asc(table.id))).map((row) => Number(row.id));
  const named = async (table: PgTable & { id: AnyPgColumn; names: AnyPgColumn }): Promise<Named[]> =>
    (await db.select({ id: table.id, names: table.names }).from(table).orderBy(asc(table.id))).map((row) => ({
      id: Number(row.id),
      names: row.names as Translations,
    }));

  const countryRows = await db.select({ id: countries.id, code: countries.code, names: countries.names }).from(countries).orderBy(asc(countries.id));
  const ref: ReferenceIds = {
    countryByCode: new Map(countryRows.map((row) => [row.code.toUpperCase(), row.id])),
    countries: countryRows.map(({ id, names }) => ({ id, names })),
    languageByCode: new Map((await db.select({ id: languages.id, code: languages.code }).from(languages)).map((row) => [row.code, row.id])),
    localeByCode: new Map((await db.select({ id: locales.id, code: locales.code }).from(locales)).map((row) => [row.code, row.id])),
    bookStatuses: await ids(bookStatuses),
    rightsStatuses: await ids(rightsStatuses),
    authorTypes: await ids(authorTypes),
    contactTypes: await ids(contactTypes),
    demandTypes: await ids(demandTypes),
    demandStatuses: await db
      .select({ id: demandStatuses.id, requiresCommentary: demandStatuses.requiresCommentary })
      .from(demandStatuses)
      .orderBy(asc(demandStatuses.id)),
    reporterStatuses: await ids(reporterStatuses),
    plans: await db
      .select({ id: plans.id, role: plans.role, credits: plans.credits, commitment: plans.commitment, paid: plans.paid })
      .from(plans)
      .orderBy(asc(plans.id)),
    genres: await named(genres),
    thematics: await named(thematics),
    periods: await named(periods),
    times: await named(times),
    formats: await named(formats),
    audiences: await named(audiences),
    categories: await named(categories),
    adaptationFormats: await named(adaptationFormats),
    adaptationKinds: await named(adaptationKinds),
    adaptationBudgets: await named(adaptationBudgets),
    characterFunctions: await named(characterFunctions),
    characterGenders: await named(characterGenders),
    characterAges: await named(characterAges),
    characterTopologies: await named(characterTopologies),
  };
  const missing = REQUIRED.filter((key) => ref[key].length === 0);
  if (missing.length > 0) {
    throw new Error(`Demo data needs the reference lists first; empty: ${missing.join(', ')}`);
  }
  return ref;
}
