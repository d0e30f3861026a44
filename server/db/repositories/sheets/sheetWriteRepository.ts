import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { authors, books, type NewBook } from '../../schema/index.js';

/**
 * Writes of a reading sheet, each meant to run inside the one transaction of a save
 * (server/sheets/sheetSaveService.ts). Exported as one object so a test can make a single step
 * fail mid-save (`vi.spyOn(sheetWriteRepository, 'updateSheet')`). Its lists are the engine's (server/engine/writableRelations.ts).
 */

/** What a save needs of the stored sheet, read under a row lock (`FOR UPDATE`). */
async function lockSheet(db: Db, id: number) {
  const [row] = await db
    .select({
      id: books.id,
      version: books.version,
      rightsStatusId: books.rightsStatusId,
      statusId: books.statusId,
      manuscriptStoredName: books.manuscriptStoredName,
    })
    .from(books)
    .where(eq(books.id, id))
    .for('update')
    .limit(1);
  return row;
}

/** Author names by id, for the sheet's search text. */
async function authorNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: authors.id, name: authors.name })
    .from(authors)
    .where(inArray(authors.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function insertSheet(db: Db, values: NewBook): Promise<number> {
  const [row] = await db.insert(books).values(values).returning({ id: books.id });
  return row!.id;
}

/** Updates the sheet if it is still at `version`, moving it to `version + 1`; false when it is not. */
async function updateSheet(db: Db, id: number, version: number, values: Partial<NewBook>): Promise<boolean> {
  const rows = await db
    .update(books)
    .set({ ...values, version: sql`${books.version} + 1` })
    .where(and(eq(books.id, id), eq(books.version, version)))
    .returning({ id: books.id });
  return rows.length > 0;
}

/** Clears the sheet's manuscript; its storage key, or undefined when it had none. */
async function clearManuscript(db: Db, bookId: number): Promise<string | undefined> {
  const locked = await lockSheet(db, bookId);
  if (!locked?.manuscriptStoredName) return undefined;
  await db
    .update(books)
    .set({
      manuscriptOriginalName: null,
      manuscriptStoredName: null,
      manuscriptSize: null,
      manuscriptMime: null,
      manuscriptUploadedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(books.id, bookId));
  return locked.manuscriptStoredName;
}

/** Marks the sheet changed (a file deleted) without moving its version. */
async function touchSheet(db: Db, bookId: number): Promise<void> {
  await db.update(books).set({ updatedAt: new Date() }).where(eq(books.id, bookId));
}

export const sheetWriteRepository = {
  lockSheet,
  authorNames,
  insertSheet,
  updateSheet,
  clearManuscript,
  touchSheet,
};
export type SheetWriteRepository = typeof sheetWriteRepository;
