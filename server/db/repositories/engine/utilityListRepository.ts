import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';

/** A small fixed list: a table keyed by an integer `id`. */
export type UtilityTable = PgTable & { id: PgColumn };

/**
 * The selection of `fields` (property names of the table's columns), in that order, each keyed by
 * its column's name, as the API writes every field (`requiresCommentary` → `requires_commentary`).
 */
function selection(table: UtilityTable, fields: readonly string[]): Record<string, PgColumn> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(fields.map((field) => [columns[field]!.name, columns[field]!]));
}

/** Every row of a fixed list, `fields` only, ordered by id. */
export async function listUtilityRows(db: Db, table: UtilityTable, fields: readonly string[]): Promise<Record<string, unknown>[]> {
  return db.select(selection(table, fields)).from(table).orderBy(asc(table.id));
}

/** One row of a fixed list by id, `fields` only; undefined when there is none. */
export async function findUtilityRow(db: Db, table: UtilityTable, fields: readonly string[], id: number): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select(selection(table, fields)).from(table).where(eq(table.id, id)).limit(1);
  return row;
}
