import { asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';
import { concurrently } from '../concurrently.js';
import {
  BOOK_CRITERIA,
  type BookCriterionKey,
  authors,
  bookAuthors,
  bookContacts,
  bookFiles,
  bookGenres,
  bookRatings,
  books,
  bookSeries,
  bookSources,
  bookStatuses,
  characterAgeLinks,
  characters,
  companies,
  contacts,
  reporterBooks,
  reporters,
  rightsStatuses,
} from '../schema/index.js';

/**
 * Reads of one reading sheet for `GET admin/books/{id}` and the answer of a save: the row with
 * its status labels and company name, and every list in display order. Plain rows; the API
 * shape is built by server/services/bookReadService.ts.
 */

/** The book row with the labels the editor shows, or undefined when the id is unknown. */
export async function findSheetRow(db: Db, id: number) {
  const [row] = await db
    .select({
      book: books,
      statusLabel: bookStatuses.label,
      rightsStatusLabel: rightsStatuses.label,
      companyName: companies.name,
    })
    .from(books)
    .innerJoin(bookStatuses, eq(bookStatuses.id, books.statusId))
    .innerJoin(rightsStatuses, eq(rightsStatuses.id, books.rightsStatusId))
    .leftJoin(companies, eq(companies.id, books.companyId))
    .where(eq(books.id, id))
    .limit(1);
  return row;
}
export type SheetRow = NonNullable<Awaited<ReturnType<typeof findSheetRow>>>;

/** Up to `limit` book rows after the id `after`, by id, with the labels findSheetRow adds (a screen's impact reads them all, page by page). */
export async function findSheetRowsAfter(db: Db, after: number, limit: number): Promise<SheetRow[]> {
  return db
    .select({ book: books, statusLabel: bookStatuses.label, rightsStatusLabel: rightsStatuses.label, companyName: companies.name })
    .from(books)
    .innerJoin(bookStatuses, eq(bookStatuses.id, books.statusId))
    .innerJoin(rightsStatuses, eq(rightsStatuses.id, books.rightsStatusId))
    .leftJoin(companies, eq(companies.id, books.companyId))
    .where(gt(books.id, after))
    .orderBy(asc(books.id))
    .limit(limit);
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

/** The criterion join tables (API key → table and criterion column), genres excepted: from BOOK_CRITERIA. */
export const CRITERIA_TABLES = Object.fromEntries(
  Object.entries(BOOK_CRITERIA).map(([key, { join, property }]) => [key, { table: join, column: (join as unknown as Record<string, PgColumn>)[property]!, property }]),
) as { [K in BookCriterionKey]: { table: (typeof BOOK_CRITERIA)[K]['join']; column: PgColumn; property: (typeof BOOK_CRITERIA)[K]['property'] } };
export type CriteriaTableKey = keyof typeof CRITERIA_TABLES;

/** Every list of a sheet stored with it, each in display order (criteria by id); its requests are the requests' (server/resources/demands.ts). */
export async function findSheetLists(db: Db, bookId: number) {
  const criteriaQueries = Object.entries(CRITERIA_TABLES).map(([key, { table, column }]) =>
    db
      .select({ key: sql<string>`${key}::text`.as('key'), id: sql<number>`${column}`.as('id') })
      .from(table)
      .where(eq(table.bookId, bookId)),
  );
  const [first, second, ...rest] = criteriaQueries;

  const [series, authorRows, sources, contactRows, reporterRows, genreRows, criteriaRows, characterRows, ratingRows, fileRows] = await concurrently(db, [
    () =>
      db
        .select({ id: bookSeries.id, name: bookSeries.name, number: bookSeries.number })
        .from(bookSeries)
        .where(eq(bookSeries.bookId, bookId))
        .orderBy(asc(bookSeries.position), asc(bookSeries.id)),
    () =>
      db
        .select({ id: bookAuthors.authorId, name: authors.name, type: bookAuthors.authorTypeId })
        .from(bookAuthors)
        .innerJoin(authors, eq(authors.id, bookAuthors.authorId))
        .where(eq(bookAuthors.bookId, bookId))
        .orderBy(asc(bookAuthors.position), asc(bookAuthors.authorId)),
    () =>
      db
        .select({ id: bookSources.contactId, name: contacts.name, other: bookSources.other, date: bookSources.date, mail: bookSources.mail })
        .from(bookSources)
        .leftJoin(contacts, eq(contacts.id, bookSources.contactId))
        .where(eq(bookSources.bookId, bookId))
        .orderBy(asc(bookSources.position), asc(bookSources.id)),
    () =>
      db
        .select({ id: bookContacts.contactId, name: contacts.name, company: companies.name, audiovisualLaw: bookContacts.audiovisualLaw })
        .from(bookContacts)
        .innerJoin(contacts, eq(contacts.id, bookContacts.contactId))
        .leftJoin(companies, eq(companies.id, contacts.companyId))
        .where(eq(bookContacts.bookId, bookId))
        .orderBy(asc(bookContacts.position), asc(bookContacts.contactId)),
    () =>
      db
        .select({ id: reporters.id, title: reporters.title })
        .from(reporterBooks)
        .innerJoin(reporters, eq(reporters.id, reporterBooks.reporterId))
        .where(eq(reporterBooks.bookId, bookId))
        .orderBy(desc(reporters.date), desc(reporters.id)),
    () =>
      db
        .select({ id: bookGenres.genreId, isPrimary: bookGenres.isPrimary })
        .from(bookGenres)
        .where(eq(bookGenres.bookId, bookId))
        .orderBy(asc(bookGenres.genreId)),
    () =>
      unionAll(first!, second!, ...rest),
    () =>
      db
        .select({
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
        .where(eq(characters.bookId, bookId))
        .orderBy(asc(characters.position), asc(characters.id)),
    () =>
      db.select({ type: bookRatings.type, rate: bookRatings.rate }).from(bookRatings).where(eq(bookRatings.bookId, bookId)),
    () =>
      db
        .select({ id: bookFiles.id, type: bookFiles.type, originalName: bookFiles.originalName, storedName: bookFiles.storedName, size: bookFiles.size, mime: bookFiles.mime })
        .from(bookFiles)
        .where(eq(bookFiles.bookId, bookId))
        .orderBy(asc(bookFiles.position), asc(bookFiles.id)),
  ]);

  const characterIds = characterRows.map((character) => character.id);
  const ageRows = characterIds.length
    ? await db
        .select({ characterId: characterAgeLinks.characterId, ageId: characterAgeLinks.ageId })
        .from(characterAgeLinks)
        .where(inArray(characterAgeLinks.characterId, characterIds))
        .orderBy(asc(characterAgeLinks.ageId))
    : [];

  return { series, authorRows, sources, contactRows, reporterRows, genreRows, criteriaRows, characterRows, ageRows, ratingRows, fileRows };
}
export type SheetLists = Awaited<ReturnType<typeof findSheetLists>>;
