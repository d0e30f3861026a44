import { and, asc, eq, inArray, max, notInArray } from 'drizzle-orm';
import { pickTranslation, type Locale } from '../../../../common/locales.js';
import { REPORTER_TEXT_TYPES, type ReporterBookGroup, type ReporterText } from '../../../../common/reporters.js';
import type { Db } from '../../client.js';
import { bookGenres, books, genres, reporterBooks, reporters, reporterTexts, reporterUserRoles, reporterUsers } from '../../schema/index.js';
import { authorsOfSheets } from '../sheets/authorsOfSheets.js';

/** A block to write: a new one (`id` null) is appended to its category. */
export type ReporterTextWrite = { id: number | null; text: string; textType: ReporterText['textType'] };

/** The blocks of these reporters in `lang`, by reporter, each category in order (a record's `reporterTextsData`). */
export async function textsOfReporters(db: Db, ids: readonly number[], lang: Locale): Promise<Map<number, Record<ReporterText['textType'], ReporterText[]>>> {
  const rows = ids.length
    ? await db
        .select({ reporterId: reporterTexts.reporterId, id: reporterTexts.id, text: reporterTexts.text, textType: reporterTexts.textType })
        .from(reporterTexts)
        .where(and(inArray(reporterTexts.reporterId, [...ids]), eq(reporterTexts.lang, lang)))
        .orderBy(asc(reporterTexts.position), asc(reporterTexts.id))
    : [];
  return new Map(
    ids.map((id) => [
      id,
      Object.fromEntries(
        REPORTER_TEXT_TYPES.map((type) => [
          type,
          rows.filter((row) => row.reporterId === id && row.textType === type).map(({ reporterId: _owner, ...text }) => text),
        ]),
      ) as Record<ReporterText['textType'], ReporterText[]>,
    ]),
  );
}

/** Locks reporter `id`'s row until the transaction ends (saves of one reporter queue); false when there is none. */
export async function lockReporter(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: reporters.id }).from(reporters).where(eq(reporters.id, id)).for('update');
  return rows.length === 1;
}

/** Makes `userIds` and `planIds` the users and user groups reporter `id` targets. */
export async function setReporterTargets(db: Db, id: number, userIds: readonly number[], planIds: readonly number[]): Promise<void> {
  await db
    .delete(reporterUsers)
    .where(userIds.length ? and(eq(reporterUsers.reporterId, id), notInArray(reporterUsers.userId, [...userIds])) : eq(reporterUsers.reporterId, id));
  if (userIds.length)
    await db
      .insert(reporterUsers)
      .values(userIds.map((userId) => ({ reporterId: id, userId })))
      .onConflictDoNothing();
  await db
    .delete(reporterUserRoles)
    .where(
      planIds.length ? and(eq(reporterUserRoles.reporterId, id), notInArray(reporterUserRoles.planId, [...planIds])) : eq(reporterUserRoles.reporterId, id),
    );
  if (planIds.length)
    await db
      .insert(reporterUserRoles)
      .values(planIds.map((planId) => ({ reporterId: id, planId })))
      .onConflictDoNothing();
}

/** The reporter each of `ids` is a text block of; ids of no block are left out. */
export async function textOwners(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: reporterTexts.id, reporterId: reporterTexts.reporterId })
    .from(reporterTexts)
    .where(inArray(reporterTexts.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.reporterId]));
}

/**
 * Writes reporter `id`'s blocks in `lang`: updates those with an id (their text and category),
 * appends new ones to the end of their category in the order given, and deletes `deletedIds`.
 * The ids must be the reporter's (`textOwners`).
 */
export async function writeReporterTexts(db: Db, id: number, lang: Locale, texts: readonly ReporterTextWrite[], deletedIds: readonly number[]): Promise<void> {
  if (deletedIds.length) await db.delete(reporterTexts).where(and(eq(reporterTexts.reporterId, id), inArray(reporterTexts.id, [...deletedIds])));
  const now = new Date();
  for (const text of texts) {
    if (text.id !== null) {
      await db
        .update(reporterTexts)
        .set({ text: text.text, textType: text.textType, updatedAt: now })
        .where(and(eq(reporterTexts.id, text.id), eq(reporterTexts.reporterId, id)));
    }
  }
  const added = texts.filter((text) => text.id === null);
  if (added.length === 0) return;
  const [last] = await db
    .select({ position: max(reporterTexts.position) })
    .from(reporterTexts)
    .where(eq(reporterTexts.reporterId, id));
  const start = (last?.position ?? -1) + 1;
  await db.insert(reporterTexts).values(added.map((text, i) => ({ reporterId: id, lang, text: text.text, textType: text.textType, position: start + i })));
}

/** Whether reporter `id` exists. */
export async function reporterExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: reporters.id }).from(reporters).where(eq(reporters.id, id)).limit(1);
  return rows.length === 1;
}

/**
 * Reporter `id`'s booklist grouped by primary genre, names and titles in `lang` (else English,
 * else the first filled; a book's title else its original title): groups by title, books without
 * a primary genre last, books in the reporter's order.
 */
export async function reporterBooksByGenre(db: Db, id: number, lang: Locale): Promise<ReporterBookGroup[]> {
  const rows = await db
    .select({ bookId: books.id, originalTitle: books.originalTitle, titles: books.titles, genreId: genres.id, genreNames: genres.names })
    .from(reporterBooks)
    .innerJoin(books, eq(books.id, reporterBooks.bookId))
    .leftJoin(bookGenres, and(eq(bookGenres.bookId, books.id), eq(bookGenres.isPrimary, true)))
    .leftJoin(genres, eq(genres.id, bookGenres.genreId))
    .where(eq(reporterBooks.reporterId, id))
    .orderBy(asc(reporterBooks.position), asc(books.id));
  const authorsOf = await authorsOfSheets(
    db,
    rows.map((row) => row.bookId),
  );
  const groups = new Map<number | null, ReporterBookGroup>();
  for (const row of rows) {
    const key = row.genreId;
    const group = groups.get(key) ?? { id: key, title: key === null ? null : pickTranslation(row.genreNames, lang), books: [] };
    groups.set(key, group);
    group.books.push({
      id: row.bookId,
      original_title: row.originalTitle ?? '',
      title: pickTranslation(row.titles, lang) || (row.originalTitle ?? ''),
      authors: (authorsOf.get(row.bookId) ?? []).map((author) => author.name).join(', '),
    });
  }
  const collator = new Intl.Collator(lang);
  return [...groups.values()].sort((a, b) => (a.title === null ? 1 : b.title === null ? -1 : collator.compare(a.title, b.title)));
}

/** Removes book `bookId` from reporter `reporterId`'s booklist; false when it was not on it. */
export async function deleteReporterBook(db: Db, reporterId: number, bookId: number): Promise<boolean> {
  const rows = await db
    .delete(reporterBooks)
    .where(and(eq(reporterBooks.reporterId, reporterId), eq(reporterBooks.bookId, bookId)))
    .returning({ bookId: reporterBooks.bookId });
  return rows.length === 1;
}
