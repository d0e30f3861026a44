import { sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { rowsOf } from '../engine/rowsOf.js';

/** The storage keys a sheet holds (its files and its manuscript); undefined when there is no such sheet. */
export async function sheetStoredKeys(db: Db, id: number, options: { lock?: boolean } = {}): Promise<string[] | undefined> {
  // Locking the sheet first keeps a concurrent save from adding a file between this read and the delete.
  const sheet = rowsOf<{ key: string | null }>(
    await db.execute(sql`select manuscript_stored_name as key from books where id = ${id} ${options.lock ? sql`for update` : sql``}`),
  );
  if (sheet.length === 0) return undefined;
  const files = rowsOf<{ key: string }>(await db.execute(sql`select stored_name as key from book_files where book_id = ${id} order by id`));
  return [...sheet, ...files].map((row) => row.key).filter((key): key is string => Boolean(key));
}

/** How many requests (demands) point at the sheet: such a sheet cannot be deleted. */
export async function countSheetDemands(db: Db, id: number): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from demands where book_id = ${id}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Deletes the sheet; its owned rows cascade. True when a row was deleted. */
export async function deleteSheet(db: Db, id: number): Promise<boolean> {
  const result = await db.execute(sql`delete from books where id = ${id} returning id`);
  return rowsOf<{ id: number }>(result).length > 0;
}
