import { eq, inArray, sql } from 'drizzle-orm';
import { unionAll, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';

/** One link table of a record's id sets: its owner and related-id columns, and the flag of its primary one (drizzle property names). */
export interface IdSetTable {
  key: string;
  table: PgTable;
  from: string;
  to: string;
  primary?: string;
}

const columnOf = (table: PgTable, property: string): PgColumn => {
  const column = (table as unknown as Record<string, PgColumn | undefined>)[property];
  if (!column) throw new Error(`The link table has no column ${property}`);
  return column;
};

/**
 * The links of several records in several link tables at once, in one query (a union of one
 * select a table): each link's record, set, related id and whether it is the primary one, by
 * record then related id.
 */
export async function readIdSetLinks(
  db: Db,
  sets: readonly IdSetTable[],
  ownerIds: readonly number[],
): Promise<{ ownerId: number; key: string; id: number; primary: boolean }[]> {
  if (sets.length === 0 || ownerIds.length === 0) return [];
  const ids = [...ownerIds];
  const selects = sets.map(({ key, table, from, to, primary }) =>
    db
      .select({
        ownerId: sql<number>`${columnOf(table, from)}`.as('owner_id'),
        key: sql<string>`${key}::text`.as('key'),
        id: sql<number>`${columnOf(table, to)}`.as('id'),
        primary: (primary ? sql<boolean>`${columnOf(table, primary)}` : sql<boolean>`false`).as('is_primary'),
      })
      .from(table)
      .where(inArray(columnOf(table, from), ids)),
  );
  const [first, second, ...rest] = selects;
  const rows = await (second ? unionAll(first!, second, ...rest) : first!);
  return rows
    .map((row) => ({ ownerId: Number(row.ownerId), key: row.key, id: Number(row.id), primary: row.primary === true }))
    .sort((a, b) => a.ownerId - b.ownerId || a.id - b.id);
}

/** Replaces a record's links in one link table by these related ids (the primary one flagged). */
export async function replaceIdSetLinks(db: Db, set: IdSetTable, ownerId: number, ids: readonly number[], primaryId?: number): Promise<void> {
  await db.delete(set.table).where(eq(columnOf(set.table, set.from), ownerId));
  if (ids.length === 0) return;
  const rows = [...new Set(ids)].map((id) => ({ [set.from]: ownerId, [set.to]: id, ...(set.primary ? { [set.primary]: id === primaryId } : {}) }));
  await db.insert(set.table).values(rows as never);
}
