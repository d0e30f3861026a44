import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { LOCALES, type Locale, type Translations } from '../../../../common/locales.js';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';
import { MAX_INT_ID } from '../../limits.js';
import type { NamedTable } from './namedListRepository.js';

export { MAX_INT_ID } from '../../limits.js';

/** True when `id` can be a serial id: a whole number from 1 to MAX_INT_ID. */
export function isIdValue(id: unknown): id is number {
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_INT_ID;
}

/**
 * The parent id of row `id` in a parent_id tree: null for a top-level row, undefined when the row
 * does not exist (or `id` cannot be an id).
 */
export async function parentIdOf(db: Db, table: NamedTable, parentColumn: PgColumn, id: number): Promise<number | null | undefined> {
  if (!isIdValue(id)) return undefined;
  const [row] = await db
    .select({ parentId: parentColumn })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  return row ? ((row.parentId as number | null) ?? null) : undefined;
}

/**
 * Locales in which another row (not `id`) already has the same name, case-insensitively; with a
 * parent column, only rows under the same parent count (sibling names must differ).
 */
export async function clashingNameLocales(
  db: Db,
  table: NamedTable & { names: PgColumn },
  names: Translations,
  options: { id?: number | undefined; parentColumn?: PgColumn | undefined; parentId?: number | null | undefined },
): Promise<Locale[]> {
  const filled = LOCALES.filter((locale) => names[locale]);
  if (filled.length === 0) return [];
  const sameName = or(...filled.map((locale) => sql`lower(${table.names} ->> ${locale}) = ${names[locale]!.toLowerCase()}`));
  const conditions = [sameName, options.id === undefined ? undefined : ne(table.id, options.id)];
  if (options.parentColumn) conditions.push(options.parentId == null ? isNull(options.parentColumn) : eq(options.parentColumn, options.parentId));
  const rows = await db
    .select({ names: table.names })
    .from(table as PgTable)
    .where(and(...conditions));
  return filled.filter((locale) => rows.some((row) => (row.names as Translations)[locale]?.toLowerCase() === names[locale]!.toLowerCase()));
}
