import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';

/** One table of a record's ordered items, as the repository reads and writes it (drizzle property names of `table`). */
export interface RowListTable {
  table: PgTable;
  owner: string;
  position: string;
  /** The columns an item writes, by item field. */
  columns: Readonly<Record<string, string>>;
  /** Fields shown from joined tables (read only), and the joins, in order. */
  shown: Readonly<Record<string, PgColumn>>;
  joins: readonly { table: PgTable; on: readonly [PgColumn, PgColumn]; optional?: true }[];
}

const columnOf = (table: PgTable, property: string): PgColumn => {
  const column = (table as unknown as Record<string, PgColumn | undefined>)[property];
  if (!column) throw new Error(`The list's table has no column ${property}`);
  return column;
};

/** The items of several records in one table, in their order: each with its owner and its columns and shown fields, as stored. */
export async function readRowList(db: Db, list: RowListTable, ownerIds: readonly number[]): Promise<{ ownerId: number; item: Record<string, unknown> }[]> {
  if (ownerIds.length === 0) return [];
  const owner = columnOf(list.table, list.owner);
  const selection: Record<string, PgColumn | SQL> = { __owner: owner };
  for (const [field, property] of Object.entries(list.columns)) selection[field] = columnOf(list.table, property);
  for (const [field, column] of Object.entries(list.shown)) selection[field] = column;
  let query = db.select(selection).from(list.table).$dynamic();
  for (const join of list.joins) query = join.optional ? query.leftJoin(join.table, eq(...join.on)) : query.innerJoin(join.table, eq(...join.on));
  const rows = await query.where(inArray(owner, [...ownerIds])).orderBy(asc(owner), asc(columnOf(list.table, list.position)));
  return rows.map(({ __owner, ...item }) => ({ ownerId: Number(__owner), item }));
}

/** Replaces a record's items in their table by these rows (column values by item field), each at its place. */
export async function replaceRowList(db: Db, list: RowListTable, ownerId: number, items: readonly Readonly<Record<string, unknown>>[]): Promise<void> {
  await db.delete(list.table).where(eq(columnOf(list.table, list.owner), ownerId));
  if (items.length === 0) return;
  const rows = items.map((item, position) => ({
    [list.owner]: ownerId,
    [list.position]: position,
    ...Object.fromEntries(Object.entries(list.columns).map(([field, property]) => [property, item[field]])),
  }));
  await db.insert(list.table).values(rows as never);
}
