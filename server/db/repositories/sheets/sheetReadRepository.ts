import { asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { books, bookStatuses, companies, rightsStatuses } from '../../schema/index.js';

/**
 * Reads of one reading sheet for `GET admin/books/{id}` and the answer of a save: the row with
 * its status labels and company name, and every list in display order. Plain rows; the API
 * shape is built by server/sheets/sheetReadService.ts.
 */

/** Book rows with the labels the editor shows: the statuses' and the publishing house's names. */
const sheetRows = (db: Db) =>
  db
    .select({ book: books, statusLabel: bookStatuses.label, rightsStatusLabel: rightsStatuses.label, companyName: companies.name })
    .from(books)
    .innerJoin(bookStatuses, eq(bookStatuses.id, books.statusId))
    .innerJoin(rightsStatuses, eq(rightsStatuses.id, books.rightsStatusId))
    .leftJoin(companies, eq(companies.id, books.companyId));

/** The book row with the labels the editor shows, or undefined when the id is unknown. */
export async function findSheetRow(db: Db, id: number) {
  const [row] = await sheetRows(db).where(eq(books.id, id)).limit(1);
  return row;
}
export type SheetRow = NonNullable<Awaited<ReturnType<typeof findSheetRow>>>;

/** The book rows of these sheets (those that exist), with the labels findSheetRow adds. */
export async function findSheetRows(db: Db, ids: readonly number[]): Promise<SheetRow[]> {
  if (ids.length === 0) return [];
  return sheetRows(db).where(inArray(books.id, [...ids]));
}

/** Up to `limit` book rows after the id `after`, by id, with the labels findSheetRow adds (a screen's impact reads them all, page by page). */
export async function findSheetRowsAfter(db: Db, after: number, limit: number): Promise<SheetRow[]> {
  return sheetRows(db).where(gt(books.id, after)).orderBy(asc(books.id)).limit(limit);
}

/** How many reading sheets are stored. */
export async function countSheets(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(books);
  return row?.value ?? 0;
}

/** True when a sheet with this id exists. */
export async function sheetExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: books.id }).from(books).where(eq(books.id, id)).limit(1);
  return rows.length > 0;
}

/** The id and titles of a sheet (what a mail about it names), undefined when there is none. */
export async function findSheetTitles(db: Db, id: number) {
  const [row] = await db.select({ id: books.id, originalTitle: books.originalTitle, titles: books.titles }).from(books).where(eq(books.id, id));
  return row;
}
