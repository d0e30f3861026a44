import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';
import { isIdValue } from './resourceRepository.js';

/**
 * Shared pieces of the directory repositories (companies, contacts, authors): reference checks,
 * the `{ id, name }` of a joined country, and the `where` of a search.
 */

/** True when the row `id` exists in `table` (an id out of range does not). */
export async function rowExists(db: Db, table: PgTable & { id: PgColumn }, id: number): Promise<boolean> {
  if (!isIdValue(id)) return false;
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  return row !== undefined;
}

/** Which of `ids` are ids of `table` (its `idColumn`): one query; an id out of range is none. */
export async function existingIds(db: Db, table: PgTable, idColumn: PgColumn, ids: readonly number[]): Promise<Set<number>> {
  const asked = [...new Set(ids)].filter(isIdValue);
  if (asked.length === 0) return new Set();
  const rows = await db
    .select({ id: sql<number>`${idColumn}` })
    .from(table)
    .where(inArray(idColumn, asked));
  return new Set(rows.map((row) => Number(row.id)));
}

/** `count(*)` as a JavaScript number (PostgreSQL answers bigint as a string). */
export const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
