import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { searchNormal, type Translations } from '../../../common/locales.js';
import type { Db } from '../client.js';
import type { Paging } from '../paging.js';

/** A table with an id, translatable names and a search column (reference lists, countries, genres...). */
export type NamedTable = PgTable & { id: PgColumn; searchText: PgColumn };

/** Escapes LIKE wildcards in a user's search term. */
export function likePattern(term: string): string {
  return `%${searchNormal(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of a named table matching `where` (the list's filter conditions), ordered by id. */
export async function listNamed<T extends NamedTable>(
  db: Db,
  table: T,
  options: { paging: Paging; where?: SQL | undefined },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const { where } = options;
  const source = db.select().from(table as PgTable).$dynamic();
  const rows = (await source.where(where).orderBy(asc(table.id)).limit(options.paging.perPage).offset(options.paging.offset)) as T['$inferSelect'][];
  const [total] = await db.select({ value: count() }).from(table as PgTable).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findNamed<T extends NamedTable>(db: Db, table: T, id: number): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db.select().from(table as PgTable).where(eq(table.id, id)).limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** The names of these rows of a named table, by id (one query). */
export async function namesByIds(db: Db, table: NamedTable & { names: PgColumn }, ids: readonly number[]): Promise<Map<number, Translations>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, names: table.names })
    .from(table as PgTable)
    .where(inArray(table.id, [...ids]));
  return new Map(rows.map((row) => [row.id as number, (row.names ?? {}) as Translations]));
}
