import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';

/** A set of ids each item holds in a link table: `from` holds the item's row id, `to` the related id (drizzle property names). */
interface ItemIdSet {
  field: string;
  table: PgTable;
  from: string;
  to: string;
}

/** One table of a record's ordered items, as the repository reads and writes it (drizzle property names of `table`). */
export interface RowListTable {
  table: PgTable;
  owner: string;
  /** The column of an item's place (none: items are read in the order of their first column). */
  position?: string;
  /** The columns an item writes, by item field. */
  columns: Readonly<Record<string, string>>;
  /** Fields shown from joined tables (read only), and the joins, in order. */
  shown: Readonly<Record<string, PgColumn>>;
  joins: readonly { table: PgTable; on: readonly [PgColumn, PgColumn]; optional?: true }[];
  /** The items are rows of their own: read with their `id`. */
  own?: true;
  /** Each item's sets of ids in link tables (own rows only). */
  sets?: readonly ItemIdSet[];
  /** The read's order, instead of the owner's then the items' places. */
  order?: readonly { column: PgColumn; descending?: true }[];
}

const columnOf = (table: PgTable, property: string): PgColumn => {
  const column = (table as unknown as Record<string, PgColumn | undefined>)[property];
  if (!column) throw new Error(`The list's table has no column ${property}`);
  return column;
};

/** The order of a list's read: its owner, then its declared order, its items' places (then ids), or its first column. */
function orderOf(list: RowListTable): SQL[] {
  const owner = asc(columnOf(list.table, list.owner));
  if (list.order) return [owner, ...list.order.map(({ column, descending }) => (descending ? desc(column) : asc(column)))];
  if (list.position) return [owner, asc(columnOf(list.table, list.position)), ...(list.own ? [asc(columnOf(list.table, 'id'))] : [])];
  return [owner, asc(columnOf(list.table, Object.values(list.columns)[0]!))];
}

/** The items of several records in one table, in their order: each with its owner and its columns, shown fields and id sets, as stored. */
export async function readRowList(db: Db, list: RowListTable, ownerIds: readonly number[]): Promise<{ ownerId: number; item: Record<string, unknown> }[]> {
  if (ownerIds.length === 0) return [];
  const owner = columnOf(list.table, list.owner);
  const selection: Record<string, PgColumn | SQL> = { __owner: owner };
  if (list.own) selection.id = columnOf(list.table, 'id');
  for (const [field, property] of Object.entries(list.columns)) selection[field] = columnOf(list.table, property);
  for (const [field, column] of Object.entries(list.shown)) selection[field] = column;
  let query = db.select(selection).from(list.table).$dynamic();
  for (const join of list.joins) query = join.optional ? query.leftJoin(join.table, eq(...join.on)) : query.innerJoin(join.table, eq(...join.on));
  const rows = await query.where(inArray(owner, [...ownerIds])).orderBy(...orderOf(list));
  const items = rows.map(({ __owner, ...item }) => ({ ownerId: Number(__owner), item: item as Record<string, unknown> }));
  for (const set of list.sets ?? []) {
    const byRow = new Map(items.map(({ item }) => [item.id as number, (item[set.field] = []) as number[]]));
    if (byRow.size === 0) continue;
    const from = columnOf(set.table, set.from);
    const to = columnOf(set.table, set.to);
    const links = await db
      .select({ from, to })
      .from(set.table)
      .where(inArray(from, [...byRow.keys()]))
      .orderBy(asc(to));
    for (const link of links) byRow.get(Number(link.from))?.push(Number(link.to));
  }
  return items;
}

/** The column values of an item (by item field) with its owner and place. */
const rowValues = (list: RowListTable, ownerId: number, position: number, item: Readonly<Record<string, unknown>>) => ({
  [list.owner]: ownerId,
  ...(list.position ? { [list.position]: position } : {}),
  ...Object.fromEntries(Object.entries(list.columns).map(([field, property]) => [property, item[field]])),
});

/** Replaces a record's items in their table by these rows (column values by item field), each at its place. */
export async function replaceRowList(db: Db, list: RowListTable, ownerId: number, items: readonly Readonly<Record<string, unknown>>[]): Promise<void> {
  await db.delete(list.table).where(eq(columnOf(list.table, list.owner), ownerId));
  if (items.length === 0) return;
  await db.insert(list.table).values(items.map((item, position) => rowValues(list, ownerId, position, item)) as never);
}

/** The ids of a record's own rows in a list's table. */
export async function ownRowIds(db: Db, list: RowListTable, ownerId: number): Promise<Set<number>> {
  const id = columnOf(list.table, 'id');
  const rows = await db
    .select({ id })
    .from(list.table)
    .where(eq(columnOf(list.table, list.owner), ownerId));
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Saves a record's own rows (each item's values by field, `id` for a row it keeps), each at its
 * place: rows left out deleted, kept ones updated, new ones inserted; then each item's id sets
 * replaced. The kept ids must be the owner's (the caller checks it).
 */
export async function saveOwnRows(db: Db, list: RowListTable, ownerId: number, items: readonly Readonly<Record<string, unknown>>[]): Promise<void> {
  const id = columnOf(list.table, 'id');
  const owner = columnOf(list.table, list.owner);
  const kept = items.flatMap((item) => (typeof item.id === 'number' ? [item.id] : []));
  await db.delete(list.table).where(kept.length ? and(eq(owner, ownerId), notInArray(id, kept)) : eq(owner, ownerId));
  for (const set of list.sets ?? []) if (kept.length) await db.delete(set.table).where(inArray(columnOf(set.table, set.from), kept));
  for (const [position, item] of items.entries()) {
    const values = rowValues(list, ownerId, position, item);
    let rowId = typeof item.id === 'number' ? item.id : undefined;
    if (rowId === undefined) {
      const [row] = await db
        .insert(list.table)
        .values(values as never)
        .returning({ id });
      rowId = Number(row!.id);
    } else
      await db
        .update(list.table)
        .set(values as never)
        .where(and(eq(id, rowId), eq(owner, ownerId)));
    for (const set of list.sets ?? []) {
      const ids = (item[set.field] as number[] | undefined) ?? [];
      if (ids.length) await db.insert(set.table).values(ids.map((to) => ({ [set.from]: rowId, [set.to]: to })) as never);
    }
  }
}

/**
 * Links a record to exactly these records of another list (`of`: the column of the other
 * record's id, `position` their place in its list): links left out deleted, kept ones in their
 * place, a new one added at the end of the other record's list.
 */
export async function linkRows(db: Db, list: RowListTable & { position: string }, of: string, ownerId: number, ids: readonly number[]): Promise<void> {
  const owner = columnOf(list.table, list.owner);
  const other = columnOf(list.table, of);
  const position = columnOf(list.table, list.position);
  await db.delete(list.table).where(ids.length ? and(eq(owner, ownerId), notInArray(other, [...ids])) : eq(owner, ownerId));
  if (ids.length === 0) return;
  const linked = new Set((await db.select({ other }).from(list.table).where(eq(owner, ownerId))).map((row) => Number(row.other)));
  for (const id of new Set(ids)) {
    if (linked.has(id)) continue;
    const [last] = await db
      .select({ value: sql<number | null>`max(${position})` })
      .from(list.table)
      .where(eq(other, id));
    await db
      .insert(list.table)
      .values({ [list.owner]: ownerId, [of]: id, [list.position]: last?.value === null || last?.value === undefined ? 0 : Number(last.value) + 1 } as never);
  }
}
