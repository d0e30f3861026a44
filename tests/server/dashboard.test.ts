import { and, asc, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData, SavedFilters } from '../../common/dashboard.js';
import { SAVED_FILTER_CATEGORIES, SAVED_FILTER_CATEGORY_NAMES } from '../../common/subscribers.js';
import { authors, bookAuthors, books, bookViews, demands, genres, savedSearches, userConnections, users } from '../../server/db/schema/index.js';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { adminApi } from '../helpers/adminApi.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * The dashboard (SPEC §3 'Dashboard data', §7 `admin/dashboard…`) on the demo data: each list's
 * order and content against the tables themselves, the users of a saved search, and the charts'
 * series, whose rollups must count what the logs hold.
 */
let t: TestApp;
let cookie: string;
const api = adminApi({ as: (c, o) => t.as(c, o) } as TestApp, () => cookie);
const db = () => t.database.db;
const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
let data: DashboardData;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 11, now: today });
  cookie = await t.login();
  const response = await api.call('GET', 'dashboard/data');
  expect(response.statusCode, response.body).toBe(200);
  data = response.json().data;
});
afterAll(async () => t.close());

const fullname = (row: { name: string | null; firstname: string; lastname: string }) => row.name || `${row.firstname} ${row.lastname}`.trim();

describe('GET admin/dashboard/data', () => {
  it('lists the ten most recently connected users, latest first, with their connections', async () => {
    const expected = await db()
      .select({
        id: users.id,
        name: users.name,
        firstname: users.firstname,
        lastname: users.lastname,
        numberConnections: users.numberConnections,
        last: users.lastConnectionDate,
      })
      .from(users)
      .where(isNotNull(users.lastConnectionDate))
      .orderBy(desc(users.lastConnectionDate), desc(users.id))
      .limit(10);
    expect(expected.length).toBe(10);
    expect(data.recentUsers).toEqual(
      expected.map((row) => ({ id: row.id, fullname: fullname(row), numberConnections: row.numberConnections, lastConnectionDate: row.last!.toISOString() })),
    );
  });

  it('lists the most viewed sheets by their views in the log, with title, authors and primary colour', async () => {
    const counted = await db()
      .select({ id: bookViews.bookId, views: sql<number>`count(*)::int` })
      .from(bookViews)
      .groupBy(bookViews.bookId)
      .orderBy(desc(sql`count(*)`), asc(bookViews.bookId))
      .limit(12);
    expect(data.popularBooks.map((book) => [book.id, book.numberViews])).toEqual(counted.map((row) => [row.id, row.views]));
    const [first] = data.popularBooks;
    const [sheet] = await db().select({ title: books.originalTitle }).from(books).where(eq(books.id, first!.id));
    const names = await db()
      .select({ name: authors.name })
      .from(bookAuthors)
      .innerJoin(authors, eq(authors.id, bookAuthors.authorId))
      .where(eq(bookAuthors.bookId, first!.id))
      .orderBy(asc(bookAuthors.position), asc(bookAuthors.authorId));
    expect(first).toMatchObject({ originalTitle: sheet!.title, authorNames: names.map((row) => row.name).join(', ') });
    expect(first!.primaryGenreColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(first!.coverUrl === null || first!.coverUrl.startsWith('/api/admin/files/')).toBe(true);
  });

  it('lists the latest saved searches once per set of filters, newest first, criteria and ratings by name', async () => {
    const rows = await db().select().from(savedSearches).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
    const seen = new Set<string>();
    const distinct = rows.filter((row) => {
      const key = JSON.stringify(SAVED_FILTER_CATEGORIES.map((category) => row.savedFilters[category] ?? []));
      return seen.has(key) ? false : (seen.add(key), true);
    });
    expect(data.recentSearches.map((search) => [search.createdAt, search.savedFilters])).toEqual(
      distinct.slice(0, 8).map((row) => [row.createdAt.toISOString(), row.savedFilters]),
    );
    const withGenre = data.recentSearches.find((search) => search.savedFilters.genre?.length)!;
    const genreNames = await db().select({ id: genres.id, names: genres.names }).from(genres);
    expect(withGenre.criteria[0]).toEqual({
      name: 'Genre',
      values: withGenre.savedFilters.genre!.map((id) => (genreNames.find((row) => row.id === id)!.names as { en: string }).en),
    });
    for (const search of data.recentSearches)
      for (const rating of search.ratings) expect(rating).toEqual({ id: rating.id, name: expect.any(String), rate: expect.any(Number) });
  });

  it('lists the categories most named by the searches of the last 90 days, their most chosen values first', async () => {
    const since = new Date(Date.now() - 90 * 86_400_000);
    const rows = await db().select().from(savedSearches).where(gte(savedSearches.createdAt, since));
    const perCategory = SAVED_FILTER_CATEGORIES.map((category) => {
      const using = rows.filter((row) => row.savedFilters[category]?.length);
      return { category, searches: using.length, last: Math.max(...using.map((row) => row.createdAt.getTime())) };
    }).filter((row) => row.searches > 0);
    perCategory.sort((a, b) => b.searches - a.searches || b.last - a.last);
    expect(data.recentCriteria.map((entry) => [entry.criteria.map((criterion) => criterion.name), entry.numberSearches, entry.searchDate])).toEqual(
      perCategory.slice(0, 8).map((row) => [[SAVED_FILTER_CATEGORY_NAMES[row.category]], row.searches, new Date(row.last).toISOString()]),
    );
    // The genres: counted per id, the most chosen first.
    const genreEntry = data.recentCriteria.find((entry) => entry.criteria[0].name === 'Genre')!;
    const counts = new Map<number, number>();
    for (const row of rows) for (const id of row.savedFilters.genre ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    const top = Math.max(...counts.values());
    const [firstName] = genreEntry.criteria[0].values;
    const firstId = (await db().select({ id: genres.id, names: genres.names }).from(genres)).find((row) => (row.names as { en: string }).en === firstName)!.id;
    expect(counts.get(firstId)).toBe(top);
    expect(genreEntry.criteria[0].values.length).toBeLessThanOrEqual(5);
  });
});

describe('POST admin/dashboard/get-saved-search-users', () => {
  it('names the users who saved a search with these filters, whatever the order of their keys', async () => {
    const rows = await db().select({ userId: savedSearches.userId, filters: savedSearches.savedFilters }).from(savedSearches).orderBy(asc(savedSearches.id));
    const holders = new Map<string, Set<number>>();
    for (const row of rows) holders.set(JSON.stringify(row.filters), (holders.get(JSON.stringify(row.filters)) ?? new Set()).add(row.userId));
    const [shared, ids] = [...holders.entries()].find(([, set]) => set.size > 1)!;
    const filters = JSON.parse(shared) as SavedFilters;
    const reversed = Object.fromEntries(Object.entries(filters).reverse());
    const response = await api.call('POST', 'dashboard/get-saved-search-users', { savedFilters: reversed });
    expect(response.statusCode, response.body).toBe(200);
    const named = await db()
      .select({ id: users.id, name: users.name, firstname: users.firstname, lastname: users.lastname, company: users.company })
      .from(users);
    const expected = named
      .filter((row) => ids.has(row.id))
      .map((row) => ({ id: row.id, fullname: fullname(row), company: row.company }))
      .sort((a, b) => a.fullname.localeCompare(b.fullname) || a.id - b.id);
    expect(response.json().data).toEqual(expected);
  });

  it('answers an empty list for filters nobody saved', async () => {
    const response = await api.call('POST', 'dashboard/get-saved-search-users', { savedFilters: { genre: [2147483000] } });
    expect(response.json()).toEqual({ data: [] });
  });

  it('refuses what are not ids by category with 422 keyed by field', async () => {
    for (const [body, key] of [
      [{}, 'savedFilters'],
      [{ savedFilters: { genre: ['x'] } }, 'savedFilters.genre.0'],
      [{ savedFilters: { colour: [1] } }, 'savedFilters'],
      [{ savedFilters: [1] }, 'savedFilters'],
      [{ savedFilters: {}, other: 1 }, 'other'],
    ] as const) {
      const response = await api.call('POST', 'dashboard/get-saved-search-users', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(key);
    }
  });
});

describe('GET admin/dashboard/series', () => {
  const series = async (query: string) => {
    const response = await api.call('GET', `dashboard/series?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { metric: string; days: number; points: { date: string; value: number }[] };
  };
  const days = (count: number) => Array.from({ length: count }, (_, index) => isoDay(new Date(Date.now() - (count - 1 - index) * 86_400_000)));

  it('counts the views of each of the last 30 days as the log holds them, a point for every day', async () => {
    const answer = await series('metric=views&days=30');
    expect(answer.points.map((point) => point.date)).toEqual(days(30));
    const logged = await db()
      .select({ day: sql<string>`to_char(${bookViews.viewedAt} at time zone 'UTC', 'YYYY-MM-DD')`, value: sql<number>`count(*)::int` })
      .from(bookViews)
      .groupBy(sql`1`);
    const byDay = new Map(logged.map((row) => [row.day, row.value]));
    expect(answer.points).toEqual(days(30).map((date) => ({ date, value: byDay.get(date) ?? 0 })));
    expect(answer.points.some((point) => point.value > 0)).toBe(true);
  });

  it('counts connections, requests by their date and subscriptions by their start over 7 and 90 days', async () => {
    const connections = await series('metric=connections&days=90');
    const [connected] = await db()
      .select({ value: sql<number>`count(*)::int` })
      .from(userConnections)
      .where(sql`(${userConnections.connectedAt} at time zone 'UTC')::date >= ${days(90)[0]}`);
    expect(connections.points.reduce((sum, point) => sum + point.value, 0)).toBe(connected!.value);
    const requests = await series('metric=requests&days=7');
    expect(requests.points).toHaveLength(7);
    const [asked] = await db()
      .select({ value: sql<number>`count(*)::int` })
      .from(demands)
      .where(and(gte(demands.demandDate, days(7)[0]!), sql`${demands.demandDate} <= ${days(7)[6]}`));
    expect(requests.points.reduce((sum, point) => sum + point.value, 0)).toBe(asked!.value);
    expect((await series('metric=subscriptions&days=90')).points).toHaveLength(90);
  });

  it('keeps counting what is logged after the start (the rollup follows the log)', async () => {
    const before = await series('metric=views&days=7');
    const [book] = await db().select({ id: books.id }).from(books).orderBy(asc(books.id)).limit(1);
    await db()
      .insert(bookViews)
      .values([{ bookId: book!.id }, { bookId: book!.id }, { bookId: book!.id }]);
    const after = await series('metric=views&days=7');
    expect(after.points.at(-1)!.value).toBe(before.points.at(-1)!.value + 3);
    const data = (await api.call('GET', 'dashboard/data')).json().data as DashboardData;
    const [logged] = await db()
      .select({ value: sql<number>`count(*)::int` })
      .from(bookViews)
      .where(eq(bookViews.bookId, book!.id));
    const shown = data.popularBooks.find((entry) => entry.id === book!.id);
    if (shown) expect(shown.numberViews).toBe(logged!.value);
  });

  it('refuses an unknown metric, period or parameter with 422 naming it', async () => {
    for (const [query, key] of [
      ['metric=sales&days=7', 'metric'],
      ['metric=views&days=14', 'days'],
      ['metric=views', 'days'],
      ['metric=views&days=7&from=2026-01-01', 'from'],
    ] as const) {
      const response = await api.call('GET', `dashboard/series?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toContain(key);
    }
  });
});
