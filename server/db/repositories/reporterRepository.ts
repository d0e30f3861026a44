import { and, asc, count, desc, eq, inArray, max, notInArray, sql, type SQL } from 'drizzle-orm';
import { pickTranslation, searchNormal, type Locale } from '../../../common/locales.js';
import { REPORTER_TEXT_TYPES, type ReporterBookGroup, type ReporterListItem, type ReporterRecord, type ReporterText } from '../../../common/reporters.js';
import type { Paging } from '../paging.js';
import type { Db } from '../client.js';
import { bookGenres, books, genres, plans, reporterBooks, reporters, reporterStatuses, reporterTexts, reporterUserRoles, reporterUsers, users } from '../schema/index.js';
import { authorsOfBooks } from './authorsOfBooks.js';
import { fullnameOf } from './userRepository.js';

/** A reporter as the API sends it, timestamps as dates. */
export type ReporterRow = ReporterRecord<Date>;

/** The columns a save writes on the reporter itself. */
export type ReporterValues = Pick<typeof reporters.$inferInsert, 'title' | 'date' | 'reporterStatusId'>;

/** A block to write: a new one (`id` null) is appended to its category. */
export type ReporterTextWrite = { id: number | null; text: string; textType: ReporterText['textType'] };

const selection = { reporter: reporters, statusName: reporterStatuses.name };
type Selected = { reporter: typeof reporters.$inferSelect; statusName: string };

const selectReporters = (db: Db) => db.select(selection).from(reporters).innerJoin(reporterStatuses, eq(reporterStatuses.id, reporters.reporterStatusId));

/** Latest expected publication first, then newest. */
const LATEST_FIRST = [desc(reporters.date), desc(reporters.id)];

/** The users and user groups of these reporters, by reporter. */
async function targetsOf(db: Db, ids: number[]) {
  const usersBy = new Map<number, ReporterListItem['reporterUsers']>();
  const rolesBy = new Map<number, ReporterListItem['reporterUserRoles']>();
  if (ids.length === 0) return { usersBy, rolesBy };
  const [userRows, roleRows] = await Promise.all([
    db
      .select({ reporterId: reporterUsers.reporterId, id: users.id, firstname: users.firstname, lastname: users.lastname })
      .from(reporterUsers)
      .innerJoin(users, eq(users.id, reporterUsers.userId))
      .where(inArray(reporterUsers.reporterId, ids))
      .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id)),
    db
      .select({ reporterId: reporterUserRoles.reporterId, id: plans.id, name: plans.role })
      .from(reporterUserRoles)
      .innerJoin(plans, eq(plans.id, reporterUserRoles.planId))
      .where(inArray(reporterUserRoles.reporterId, ids))
      .orderBy(asc(plans.amount), asc(plans.id)),
  ]);
  for (const row of userRows) usersBy.set(row.reporterId, [...(usersBy.get(row.reporterId) ?? []), { id: row.id, fullname: fullnameOf(row) }]);
  for (const row of roleRows) rolesBy.set(row.reporterId, [...(rolesBy.get(row.reporterId) ?? []), { id: row.id, name: row.name }]);
  return { usersBy, rolesBy };
}

async function toListItems(db: Db, selected: Selected[]): Promise<(ReporterListItem & { row: Selected['reporter'] })[]> {
  const { usersBy, rolesBy } = await targetsOf(
    db,
    selected.map((row) => row.reporter.id),
  );
  return selected.map(({ reporter: r, statusName }) => ({
    id: r.id,
    title: r.title,
    date: r.date,
    reporterStatusId: r.reporterStatusId,
    reporterStatus: { id: r.reporterStatusId, name: statusName },
    reporterUsers: usersBy.get(r.id) ?? [],
    reporterUserRoles: rolesBy.get(r.id) ?? [],
    row: r,
  }));
}

/** One page of reporters matching `where`, latest expected publication first, with the total. */
export async function listReporters(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: ReporterListItem[]; total: number }> {
  const [selected, [total]] = await Promise.all([
    selectReporters(db).where(options.where).orderBy(...LATEST_FIRST).limit(options.paging.perPage).offset(options.paging.offset),
    db.select({ value: count() }).from(reporters).where(options.where),
  ]);
  const rows = (await toListItems(db, selected)).map(({ row: _row, ...item }) => item);
  return { rows, total: total?.value ?? 0 };
}

/** Reporter `id` with its texts in `lang`, each category in order; undefined when there is none. */
export async function findReporterRecord(db: Db, id: number, lang: Locale): Promise<ReporterRow | undefined> {
  const [selected] = await selectReporters(db).where(eq(reporters.id, id)).limit(1);
  if (!selected) return undefined;
  const [[item], texts] = await Promise.all([
    toListItems(db, [selected]),
    db
      .select({ id: reporterTexts.id, text: reporterTexts.text, textType: reporterTexts.textType })
      .from(reporterTexts)
      .where(and(eq(reporterTexts.reporterId, id), eq(reporterTexts.lang, lang)))
      .orderBy(asc(reporterTexts.position), asc(reporterTexts.id)),
  ]);
  const { row, ...listItem } = item!;
  const reporterTextsData = Object.fromEntries(REPORTER_TEXT_TYPES.map((type) => [type, texts.filter((text) => text.textType === type)])) as ReporterRow['reporterTextsData'];
  return { ...listItem, lang, reporterTextsData, created_at: row.createdAt, updated_at: row.updatedAt };
}

/** Locks reporter `id`'s row until the transaction ends (saves of one reporter queue); false when there is none. */
export async function lockReporter(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: reporters.id }).from(reporters).where(eq(reporters.id, id)).for('update');
  return rows.length === 1;
}

/** Inserts a reporter first written in `lang`; its id. */
export async function insertReporter(db: Db, values: ReporterValues, lang: Locale): Promise<number> {
  const [row] = await db
    .insert(reporters)
    .values({ ...values, lang, searchText: searchNormal(values.title) })
    .returning({ id: reporters.id });
  return row!.id;
}

/** Updates reporter `id`'s own columns. */
export async function updateReporter(db: Db, id: number, values: ReporterValues): Promise<void> {
  await db
    .update(reporters)
    .set({ ...values, searchText: searchNormal(values.title), updatedAt: new Date() })
    .where(eq(reporters.id, id));
}

/** Makes `userIds` and `planIds` the users and user groups reporter `id` targets. */
export async function setReporterTargets(db: Db, id: number, userIds: readonly number[], planIds: readonly number[]): Promise<void> {
  await db.delete(reporterUsers).where(userIds.length ? and(eq(reporterUsers.reporterId, id), notInArray(reporterUsers.userId, [...userIds])) : eq(reporterUsers.reporterId, id));
  if (userIds.length) await db.insert(reporterUsers).values(userIds.map((userId) => ({ reporterId: id, userId }))).onConflictDoNothing();
  await db.delete(reporterUserRoles).where(planIds.length ? and(eq(reporterUserRoles.reporterId, id), notInArray(reporterUserRoles.planId, [...planIds])) : eq(reporterUserRoles.reporterId, id));
  if (planIds.length) await db.insert(reporterUserRoles).values(planIds.map((planId) => ({ reporterId: id, planId }))).onConflictDoNothing();
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
      await db.update(reporterTexts).set({ text: text.text, textType: text.textType, updatedAt: now }).where(and(eq(reporterTexts.id, text.id), eq(reporterTexts.reporterId, id)));
    }
  }
  const added = texts.filter((text) => text.id === null);
  if (added.length === 0) return;
  const [last] = await db.select({ position: max(reporterTexts.position) }).from(reporterTexts).where(eq(reporterTexts.reporterId, id));
  const start = (last?.position ?? -1) + 1;
  await db.insert(reporterTexts).values(added.map((text, i) => ({ reporterId: id, lang, text: text.text, textType: text.textType, position: start + i })));
}

/** Deletes reporter `id` with its targets, texts and booklist; false when there was none. */
export async function deleteReporter(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(reporters).where(eq(reporters.id, id)).returning({ id: reporters.id });
  return rows.length === 1;
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
  const authorsOf = await authorsOfBooks(
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

/**
 * Makes `reporterIds` the reporters listing book `bookId` (the sheet's `reporterList`): links
 * no longer listed are removed, new ones go to the end of their reporter's booklist, kept ones
 * keep their place.
 */
export async function setBookReporters(db: Db, bookId: number, reporterIds: readonly number[]): Promise<void> {
  await db
    .delete(reporterBooks)
    .where(reporterIds.length ? and(eq(reporterBooks.bookId, bookId), notInArray(reporterBooks.reporterId, [...reporterIds])) : eq(reporterBooks.bookId, bookId));
  if (reporterIds.length === 0) return;
  await db.execute(sql`
    insert into reporter_books (reporter_id, book_id, position)
    select r.id, ${bookId}, coalesce((select max(rb.position) + 1 from reporter_books rb where rb.reporter_id = r.id), 0)
    from reporters r
    where r.id in (${sql.join(
      reporterIds.map((reporterId) => sql`${reporterId}`),
      sql`, `,
    )})
    on conflict (reporter_id, book_id) do nothing`);
}
