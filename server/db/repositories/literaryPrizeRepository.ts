import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Paging } from '../paging.js';
import type { Db } from '../client.js';
import { bookLiteraryPrizes } from '../schema/book-criteria.js';
import { literaryPrizes, type LiteraryPrize } from '../schema/editorial.js';

/** A prize with `canBeDeleted`: no reading sheet uses it. */
export type LiteraryPrizeRow = LiteraryPrize & { canBeDeleted: boolean };
export type LiteraryPrizeValues = Pick<LiteraryPrize, 'label' | 'names' | 'searchText'>;

const unused: SQL<boolean> = sql<boolean>`not exists (select 1 from ${bookLiteraryPrizes} where ${bookLiteraryPrizes.literaryPrizeId} = ${literaryPrizes.id})`;
const columns = {
  id: literaryPrizes.id,
  label: literaryPrizes.label,
  names: literaryPrizes.names,
  searchText: literaryPrizes.searchText,
  createdAt: literaryPrizes.createdAt,
  updatedAt: literaryPrizes.updatedAt,
  canBeDeleted: unused,
};

/** One page of prizes ordered by id, filtered by `search` over the label and every name. */
export async function listLiteraryPrizes(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: LiteraryPrizeRow[]; total: number }> {
  const { where } = options;
  const rows = await db.select(columns).from(literaryPrizes).where(where).orderBy(literaryPrizes.id).limit(options.paging.perPage).offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(literaryPrizes).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findLiteraryPrize(db: Db, id: number): Promise<LiteraryPrizeRow | undefined> {
  const [row] = await db.select(columns).from(literaryPrizes).where(eq(literaryPrizes.id, id)).limit(1);
  return row;
}

/** True when another prize (not `id`) has this label, case-insensitively. */
export async function labelTaken(db: Db, label: string, id: number | undefined): Promise<boolean> {
  const sameLabel = sql`lower(${literaryPrizes.label}) = ${label.toLowerCase()}`;
  const [row] = await db
    .select({ id: literaryPrizes.id })
    .from(literaryPrizes)
    .where(id === undefined ? sameLabel : and(sameLabel, ne(literaryPrizes.id, id)))
    .limit(1);
  return Boolean(row);
}

export async function insertLiteraryPrize(db: Db, values: LiteraryPrizeValues): Promise<number> {
  const [row] = await db.insert(literaryPrizes).values(values).returning({ id: literaryPrizes.id });
  return row!.id;
}

/** Updates a prize; false when it no longer exists. */
export async function updateLiteraryPrize(db: Db, id: number, values: LiteraryPrizeValues): Promise<boolean> {
  const rows = await db
    .update(literaryPrizes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(literaryPrizes.id, id))
    .returning({ id: literaryPrizes.id });
  return rows.length > 0;
}

/** Deletes a prize; false when none. A prize a sheet uses is refused by the foreign key (thrown). */
export async function deleteLiteraryPrize(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(literaryPrizes).where(eq(literaryPrizes.id, id)).returning({ id: literaryPrizes.id });
  return rows.length > 0;
}

