import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';
import {
  adaptationBudgets,
  adaptationFormats,
  adaptationKinds,
  audiences,
  categories,
  characterAges,
  characterFunctions,
  characterGenders,
  characterTopologies,
  formats,
  genres,
  periods,
  thematics,
  times,
} from '../../schema/reference.js';
import { ADAPTATION_BUDGETS, ADAPTATION_FORMATS, ADAPTATION_KINDS } from './adaptations.js';
import { AUDIENCES } from './audiences.js';
import { CATEGORIES } from './categories.js';
import { CHARACTER_AGES, CHARACTER_FUNCTIONS, CHARACTER_GENDERS, CHARACTER_TOPOLOGIES } from './characters.js';
import { seedCountries } from './countries.js';
import { FORMATS } from './formats.js';
import { seedGenres } from './genres.js';
import { seedLanguages } from './languages.js';
import { seedLocales } from './locales.js';
import { seedNamedList, type NamedListTable } from './named-list.js';
import type { NamedEntry } from './names.js';
import { PERIODS } from './periods.js';
import { seedPlans } from './plans.js';
import { seedStatuses } from './statuses.js';
import { seedThematics } from './thematics.js';
import { TIMES } from './times.js';
import { seedTypeLists } from './type-lists.js';
import { markAppWrites } from '../../repositories/engine/historyRepository.js';

/** Staff-editable lists (full CRUD on their screens): seeded once, when empty, and never overwritten. */
export const STARTER_LISTS: readonly (readonly [NamedListTable, readonly NamedEntry[]])[] = [
  [times, TIMES],
  [periods, PERIODS],
];

/** Read-only translatable lists and the table each fills: kept in step with the code on every start. */
export const NAMED_LISTS: readonly (readonly [NamedListTable, readonly NamedEntry[]])[] = [
  [audiences, AUDIENCES],
  [categories, CATEGORIES],
  [formats, FORMATS],
  [adaptationFormats, ADAPTATION_FORMATS],
  [adaptationKinds, ADAPTATION_KINDS],
  [adaptationBudgets, ADAPTATION_BUDGETS],
  [characterFunctions, CHARACTER_FUNCTIONS],
  [characterGenders, CHARACTER_GENDERS],
  [characterAges, CHARACTER_AGES],
  [characterTopologies, CHARACTER_TOPOLOGIES],
];

const isEmpty = async (db: Db, table: PgTable) =>
  (
    await db
      .select({ one: sql`1` })
      .from(table)
      .limit(1)
  ).length === 0;

/**
 * Inserts or updates every reference list; running it twice changes nothing. Runs in one
 * transaction with one multi-row upsert per table, so it is cheap enough for every start.
 * Read-only lists are matched on their fixed id (or code / role), so a value changed in code
 * is written over the stored one; staff-editable lists (genres, times, periods, thematics)
 * are only filled when empty, so staff edits and deletions stay.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // The app's own rows: no one's change in the records' history.
    await markAppWrites(tx, 'off');
    await seedLocales(tx);
    await seedLanguages(tx);
    await seedCountries(tx);
    await seedStatuses(tx);
    await seedTypeLists(tx);
    for (const [table, entries] of NAMED_LISTS) await seedNamedList(tx, table, entries);
    for (const [table, entries] of STARTER_LISTS) if (await isEmpty(tx, table)) await seedNamedList(tx, table, entries);
    if (await isEmpty(tx, genres)) await seedGenres(tx);
    if (await isEmpty(tx, thematics)) await seedThematics(tx);
    await seedPlans(tx);
  });
}
