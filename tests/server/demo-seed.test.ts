import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_DRAFT_TEXT_FIELDS } from '../../common/aiDraft.js';
import { LOCALES } from '../../common/locales.js';
import { openPglite, type Database, type Db } from '../../server/db/client.js';
import { createTestDatabase } from '../helpers/testDatabase.js';
import { DEMO_AI_ERROR } from '../../server/db/seed/demo/aiDrafts.js';
import {
  aiBooks,
  authors,
  bookAuthors,
  bookGenres,
  bookRatings,
  books,
  bookSearchText,
  bookSeries,
  bookViews,
  characters,
  companies,
  contacts,
  demands,
  genres,
  libraries,
  literaryPrizes,
  news,
  reporterBooks,
  reporters,
  reporterTexts,
  reporterUserRoles,
  reporterUsers,
  savedSearches,
  subscriptions,
  userConnections,
  users,
} from '../../server/db/schema/index.js';
import { DEMO_COUNTS, seedDemoData } from '../../server/db/seed/demo/index.js';
import { SHOWCASE } from '../../server/db/seed/demo/subscribers.js';
import { subscriptionStateSql } from '../../server/db/repositories/subscribers/subscriptionState.js';
import { seedReferenceData } from '../../server/db/seed/reference/index.js';
import { DEMAND_STATUSES, REPORTER_STATUSES } from '../../server/db/seed/reference/statuses.js';
import { DEMAND_TYPES } from '../../server/db/seed/reference/type-lists.js';

const NOW = new Date('2026-06-15T00:00:00Z');

/** Row counts of the business tables the demo fills. */
async function businessCounts(db: Db): Promise<Record<string, number>> {
  const tables: Record<string, PgTable> = {
    companies,
    contacts,
    authors,
    literaryPrizes,
    books,
    bookAuthors,
    bookGenres,
    bookRatings,
    bookSeries,
    characters,
    users,
    subscriptions,
    userConnections,
    libraries,
    savedSearches,
    demands,
    reporters,
    reporterTexts,
    news,
    bookViews,
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) result[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  return result;
}

async function prepare(database: Database): Promise<void> {
  await database.migrate();
  await seedReferenceData(database.db);
}

/** Checks shared by both engines: one primary genre and at least one author per book, ratings 0..4. */
async function expectConsistentCatalogue(db: Db): Promise<void> {
  const rows = await db
    .select({
      id: books.id,
      primaries: sql<number>`(select count(*) from book_genres g where g.book_id = ${books.id} and g.is_primary)::int`,
      authors: sql<number>`(select count(*) from book_authors a where a.book_id = ${books.id})::int`,
    })
    .from(books);
  expect(rows).toHaveLength(DEMO_COUNTS.books);
  for (const row of rows) {
    expect(row.primaries, `book ${row.id} primary genres`).toBe(1);
    expect(row.authors, `book ${row.id} authors`).toBeGreaterThanOrEqual(1);
  }
  const [range] = await db.select({ min: sql<number>`min(${bookRatings.rate})`, max: sql<number>`max(${bookRatings.rate})`, n: count() }).from(bookRatings);
  expect(range!.n).toBeGreaterThan(0);
  expect(Number(range!.min)).toBeGreaterThanOrEqual(0);
  expect(Number(range!.max)).toBeLessThanOrEqual(4);
}

describe('demo seed', () => {
  let database: Database;
  let firstRun: boolean;
  let firstCounts: Record<string, number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    firstRun = await seedDemoData(database.db, { seed: 7, now: NOW });
    firstCounts = await businessCounts(database.db);
  }, 60_000);

  afterAll(async () => database?.close());

  it('creates the demo catalogue', () => {
    expect(firstRun).toBe(true);
    expect(firstCounts).toMatchObject({
      companies: DEMO_COUNTS.companies,
      contacts: DEMO_COUNTS.contacts,
      authors: DEMO_COUNTS.authors,
      books: DEMO_COUNTS.books,
      users: DEMO_COUNTS.subscribers,
      // Every type in every status once, then the random ones.
      demands: DEMAND_STATUSES.length * DEMAND_TYPES.length + DEMO_COUNTS.demands,
      // One per status, then a fresh draft.
      reporters: REPORTER_STATUSES.length + 1,
      news: 2,
      bookViews: DEMO_COUNTS.bookViews,
    });
    expect(firstCounts.literaryPrizes).toBeGreaterThanOrEqual(2);
    for (const table of ['subscriptions', 'bookRatings', 'bookSeries', 'characters', 'libraries', 'savedSearches', 'reporterTexts', 'userConnections']) {
      expect(firstCounts[table], table).toBeGreaterThan(0);
    }
  });

  it('adds nothing on a second run', async () => {
    expect(await seedDemoData(database.db, { seed: 8 })).toBe(false);
    expect(await businessCounts(database.db)).toEqual(firstCounts);
  });

  it('gives every book one primary genre, authors and ratings within 0..4', async () => {
    await expectConsistentCatalogue(database.db);
  });

  it('fills titles in five locales and keeps search_text in step', async () => {
    const rows = await database.db.select({ id: books.id, originalTitle: books.originalTitle, titles: books.titles, searchText: books.searchText }).from(books);
    const names = await database.db
      .select({ bookId: bookAuthors.bookId, name: authors.name })
      .from(bookAuthors)
      .innerJoin(authors, eq(authors.id, bookAuthors.authorId))
      .orderBy(asc(bookAuthors.bookId), asc(bookAuthors.position));
    for (const book of rows) {
      for (const locale of LOCALES) expect(book.titles[locale], `book ${book.id} ${locale}`).toBeTruthy();
      const authorNames = names.filter((row) => row.bookId === book.id).map((row) => row.name);
      expect(book.searchText).toBe(bookSearchText(book.originalTitle, book.titles, authorNames));
    }
    const [user] = await database.db.select({ searchText: users.searchText }).from(users).limit(1);
    expect(user!.searchText).not.toBe('');
  });

  it("fills every sheet's Report (summaries) in five locales, and the Full report (report) of some, so both sources of an AI draft can be seen", async () => {
    const rows = await database.db.select({ id: books.id, summaries: books.summaries, report: books.report }).from(books).orderBy(asc(books.id));
    for (const book of rows) for (const locale of LOCALES) expect(book.summaries[locale], `book ${book.id} ${locale}`).toBeTruthy();
    const withFullReport = rows.filter((book) => Object.keys(book.report).length > 0);
    expect(withFullReport.length).toBe(Math.floor((rows.length + 1) / 3));
    for (const book of withFullReport) {
      for (const locale of LOCALES) expect(book.report[locale], `book ${book.id} ${locale}`).toMatch(/\n\n/);
      // The reader's longer notes start from the sheet's own pitch.
      expect(book.report.en).toContain(book.summaries.en!.split('.')[0]);
    }
  });

  it('shows every subscriber state on a first start: the first subscribers, whatever the seed', async () => {
    const rows = await database.db
      .select({
        id: users.id,
        isAccepted: users.isAccepted,
        credits: users.credits,
        state: subscriptionStateSql({ id: subscriptions.id, canceledAt: subscriptions.canceledAt, subscriptionEndAt: subscriptions.subscriptionEndAt }),
        tied: sql<boolean>`${subscriptions.providerSubscriptionId} is not null`,
        libraries: sql<number>`(select count(*) from libraries l where l.user_id = ${users.id})::int`,
        searches: sql<number>`(select count(*) from saved_searches s where s.user_id = ${users.id})::int`,
        movements: sql<number>`(select count(*) from credit_movements m where m.user_id = ${users.id})::int`,
        lastBalance: sql<number | null>`(select m.balance from credit_movements m where m.user_id = ${users.id} order by m.created_at desc, m.id desc limit 1)`,
      })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.id, users.currentSubscriptionId))
      .orderBy(asc(users.id))
      .limit(SHOWCASE.length);
    expect(rows.map((row) => [row.isAccepted, row.state, row.tied])).toEqual([
      [true, 'none', false],
      [false, 'none', false],
      [true, 'active', true],
      [true, 'active', false],
      [true, 'canceled', false],
      [true, 'ended', false],
    ]);
    for (const row of rows) {
      expect(row.libraries, `user ${row.id} libraries`).toBeGreaterThan(0);
      expect(row.searches, `user ${row.id} searches`).toBeGreaterThan(0);
      if (row.state !== 'none') {
        expect(row.movements, `user ${row.id} credit history`).toBe(3);
        expect(row.lastBalance).toBe(row.credits);
      }
    }
  });

  it('shows requests in every type and status on sheets and users, status 4 always with its commentary', async () => {
    const rows = await database.db
      .select({ type: demands.demandTypeId, status: demands.demandStatusId, book: demands.bookId, user: demands.userId, commentary: demands.commentary })
      .from(demands);
    for (const status of DEMAND_STATUSES) {
      for (const type of DEMAND_TYPES)
        expect(
          rows.some((row) => row.status === status.id && row.type === type.id),
          `${status.name} × ${type.name}`,
        ).toBe(true);
    }
    expect(rows.filter((row) => row.status === 4).every((row) => Boolean(row.commentary))).toBe(true);
    expect(rows.every((row) => row.book !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.book)).size).toBeGreaterThan(5);
    expect(new Set(rows.map((row) => row.user)).size).toBeGreaterThan(5);
  });

  it('shows reporters in every status with users, groups, blocks of every category in two languages and booklists over several genres', async () => {
    const { db } = database;
    const rows = await db.select({ id: reporters.id, status: reporters.reporterStatusId }).from(reporters);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(REPORTER_STATUSES.map((status) => status.id)));
    const texts = await db.select({ reporterId: reporterTexts.reporterId, textType: reporterTexts.textType, lang: reporterTexts.lang }).from(reporterTexts);
    const links = await db
      .select({ reporterId: reporterBooks.reporterId, genreId: bookGenres.genreId })
      .from(reporterBooks)
      .innerJoin(bookGenres, and(eq(bookGenres.bookId, reporterBooks.bookId), eq(bookGenres.isPrimary, true)));
    const genresOf = new Map<number, Set<number>>();
    for (const link of links) genresOf.set(link.reporterId, (genresOf.get(link.reporterId) ?? new Set()).add(link.genreId));
    const targetedUsers = new Set((await db.select({ id: reporterUsers.reporterId }).from(reporterUsers)).map((row) => row.id));
    const targetedGroups = new Set((await db.select({ id: reporterUserRoles.reporterId }).from(reporterUserRoles)).map((row) => row.id));
    expect(targetedUsers.size).toBe(REPORTER_STATUSES.length);
    expect(targetedGroups.size).toBe(REPORTER_STATUSES.length);
    // Every reporter but the fresh draft: four categories in English and French, three genres.
    const full = rows.filter((row) => (genresOf.get(row.id)?.size ?? 0) >= 3);
    expect(full).toHaveLength(REPORTER_STATUSES.length);
    for (const { id } of full) {
      for (const textType of ['rights', 'alerts', 'buzz', 'news']) {
        for (const lang of ['en', 'fr'])
          expect(
            texts.some((t) => t.reporterId === id && t.textType === textType && t.lang === lang),
            `${id} ${textType} ${lang}`,
          ).toBe(true);
      }
    }
    expect(rows.filter((row) => !genresOf.has(row.id))).toHaveLength(1);
  });

  it('shows a ready AI draft and a failed generation, without any AI key', async () => {
    const { db } = database;
    const drafts = await db.select({ bookId: aiBooks.bookId, criteria: aiBooks.criteria, ratings: aiBooks.ratings, texts: aiBooks.texts }).from(aiBooks);
    expect(drafts).toHaveLength(1);
    // Every text the AI drafts (each map of the sheet annotated x-aiDraft) has one.
    expect(Object.keys(drafts[0]!.texts).sort()).toEqual([...AI_DRAFT_TEXT_FIELDS].sort());
    for (const text of Object.values(drafts[0]!.texts)) expect(text.trim()).not.toBe('');
    expect(drafts[0]!.criteria.genres!.length).toBeGreaterThan(0);
    expect(Object.keys(drafts[0]!.ratings)).not.toContain('commercial');
    const flagged = await db
      .select({ id: books.id, has: books.hasAiResults, error: books.aiGenerationError, running: books.isAiGenerationRunning })
      .from(books)
      .orderBy(asc(books.id))
      .limit(2);
    expect(flagged).toEqual([
      { id: drafts[0]!.bookId, has: true, error: null, running: false },
      { id: flagged[1]!.id, has: false, error: DEMO_AI_ERROR, running: false },
    ]);
  });

  it('is reproducible with the same seed and date', async () => {
    const other = await openPglite();
    try {
      await prepare(other);
      await seedDemoData(other.db, { seed: 7, now: NOW });
      const titles = (db: Db) => db.select({ t: books.originalTitle, p: books.publicationDate }).from(books).orderBy(asc(books.id));
      expect(await titles(other.db)).toEqual(await titles(database.db));
      const subscribers = (db: Db) =>
        db
          .select({ email: users.email, credits: users.credits, start: subscriptions.startDate, provider: subscriptions.providerSubscriptionId })
          .from(users)
          .leftJoin(subscriptions, eq(subscriptions.id, users.currentSubscriptionId))
          .orderBy(asc(users.id));
      expect(await subscribers(other.db)).toEqual(await subscribers(database.db));
    } finally {
      await other.close();
    }
  }, 60_000);

  it('enforces the constraints the model promises', async () => {
    const db = database.db;
    const [book] = await db.select({ id: books.id }).from(books).orderBy(asc(books.id)).limit(1);
    const bookId = book!.id;
    // A second primary genre is refused.
    const [other] = await db
      .select({ id: genres.id })
      .from(genres)
      .where(sql`${genres.id} not in (select genre_id from book_genres where book_id = ${bookId})`)
      .limit(1);
    await expect(db.insert(bookGenres).values({ bookId, genreId: other!.id, isPrimary: true })).rejects.toThrow();
    // Ratings out of 0..4 are refused.
    await expect(db.insert(bookRatings).values({ bookId, type: 'quality', rate: 5 }).onConflictDoNothing()).rejects.toThrow();
    // A publication date must be the first of a month.
    await expect(db.update(books).set({ publicationDate: '2020-05-17' }).where(eq(books.id, bookId))).rejects.toThrow();
    // An author still on a sheet cannot be deleted.
    const [link] = await db.select({ authorId: bookAuthors.authorId }).from(bookAuthors).where(eq(bookAuthors.bookId, bookId)).limit(1);
    await expect(db.delete(authors).where(eq(authors.id, link!.authorId))).rejects.toThrow();
    // Deleting a sheet without requests takes its owned rows with it.
    const [free] = await db
      .select({ id: books.id })
      .from(books)
      .where(sql`not exists (select 1 from demands d where d.book_id = ${books.id})`)
      .orderBy(asc(books.id))
      .limit(1);
    await db.delete(books).where(eq(books.id, free!.id));
    for (const table of [bookGenres, bookAuthors, bookRatings]) {
      const [row] = await db.select({ n: count() }).from(table).where(eq(table.bookId, free!.id));
      expect(row!.n).toBe(0);
    }
  });
});
