import { asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { concurrently } from '../../concurrently.js';
import {
  bookFiles,
  bookRatings,
  books,
  bookSeries,
  bookStatuses,
  characterAgeLinks,
  characters,
  companies,
  reporterBooks,
  reporters,
  rightsStatuses,
} from '../../schema/index.js';

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

/** Every list of a sheet stored with it but its id sets (genres, criteria: server/engine/idSets.ts), each in display order; its requests are the requests' (server/resources/demands.ts). */
export async function findSheetLists(db: Db, bookId: number) {
  return (await findSheetListsOf(db, [bookId])).get(bookId)!;
}

/** Rows of several sheets by sheet, in their order, without the column that said whose they were. */
function bySheet<Row extends { bookId: number }>(bookIds: readonly number[], rows: readonly Row[]): Map<number, Omit<Row, 'bookId'>[]> {
  const grouped = new Map<number, Omit<Row, 'bookId'>[]>(bookIds.map((id) => [id, []]));
  for (const { bookId, ...row } of rows) grouped.get(bookId)?.push(row);
  return grouped;
}

/**
 * The lists of several sheets at once (`findSheetLists` of each, by sheet id): one query a list for
 * them all, each ordered by sheet then as one sheet's is (a bulk action reads its rows so).
 */
export async function findSheetListsOf(db: Db, bookIds: readonly number[]) {
  const ids = [...bookIds];

  const [series, reporterRows, characterRows, ratingRows, fileRows] = await concurrently(db, [
    () =>
      db
        .select({ bookId: bookSeries.bookId, id: bookSeries.id, name: bookSeries.name, number: bookSeries.number })
        .from(bookSeries)
        .where(inArray(bookSeries.bookId, ids))
        .orderBy(asc(bookSeries.bookId), asc(bookSeries.position), asc(bookSeries.id)),
    () =>
      db
        .select({ bookId: reporterBooks.bookId, id: reporters.id, title: reporters.title })
        .from(reporterBooks)
        .innerJoin(reporters, eq(reporters.id, reporterBooks.reporterId))
        .where(inArray(reporterBooks.bookId, ids))
        .orderBy(asc(reporterBooks.bookId), desc(reporters.date), desc(reporters.id)),
    () =>
      db
        .select({
          bookId: characters.bookId,
          id: characters.id,
          name: characters.name,
          function: characters.functionId,
          gender: characters.genderId,
          country: characters.countryId,
          topology: characters.topologyId,
          characterisations: characters.characterisations,
          issues: characters.issues,
          evolutions: characters.evolutions,
        })
        .from(characters)
        .where(inArray(characters.bookId, ids))
        .orderBy(asc(characters.bookId), asc(characters.position), asc(characters.id)),
    () => db.select({ bookId: bookRatings.bookId, type: bookRatings.type, rate: bookRatings.rate }).from(bookRatings).where(inArray(bookRatings.bookId, ids)),
    () =>
      db
        .select({
          bookId: bookFiles.bookId,
          id: bookFiles.id,
          type: bookFiles.type,
          originalName: bookFiles.originalName,
          storedName: bookFiles.storedName,
          size: bookFiles.size,
          mime: bookFiles.mime,
        })
        .from(bookFiles)
        .where(inArray(bookFiles.bookId, ids))
        .orderBy(asc(bookFiles.bookId), asc(bookFiles.position), asc(bookFiles.id)),
  ]);

  const characterIds = characterRows.map((character) => character.id);
  const ageRows = characterIds.length
    ? await db
        .select({ characterId: characterAgeLinks.characterId, ageId: characterAgeLinks.ageId })
        .from(characterAgeLinks)
        .where(inArray(characterAgeLinks.characterId, characterIds))
        .orderBy(asc(characterAgeLinks.ageId))
    : [];
  const sheetOfCharacter = new Map(characterRows.map((character) => [character.id, character.bookId]));

  const lists = {
    series: bySheet(ids, series),
    reporterRows: bySheet(ids, reporterRows),
    characterRows: bySheet(ids, characterRows),
    ageRows: bySheet(
      ids,
      ageRows.map((age) => ({ ...age, bookId: sheetOfCharacter.get(age.characterId)! })),
    ),
    ratingRows: bySheet(ids, ratingRows),
    fileRows: bySheet(ids, fileRows),
  };
  return new Map(
    ids.map((id) => [
      id,
      Object.fromEntries(Object.entries(lists).map(([list, grouped]) => [list, grouped.get(id)!])) as {
        [List in keyof typeof lists]: NonNullable<ReturnType<(typeof lists)[List]['get']>>;
      },
    ]),
  );
}
export type SheetLists = Awaited<ReturnType<typeof findSheetLists>>;
