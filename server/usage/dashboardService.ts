import {
  DASHBOARD_LIMITS,
  DASHBOARD_METRICS,
  DASHBOARD_PERIODS,
  type DashboardCriteria,
  type DashboardData,
  type DashboardMetric,
  type DashboardPeriod,
  type DashboardSeries,
  type RecentSearch,
  type SavedFilters,
  type SavedSearchUser,
} from '../../common/dashboard.js';
import { DEFAULT_LOCALE } from '../../common/locales.js';
import { SAVED_FILTER_CATEGORIES, SAVED_FILTER_CATEGORY_NAMES, type SavedFilterCategory } from '../../common/subscribers.js';
import type { Db } from '../db/client.js';
import { MAX_INT_ID } from '../db/repositories/engine/resourceRepository.js';
import { categoryNames } from '../db/repositories/subscribers/userActivityRepository.js';
import {
  countsPerDay,
  latestSavedSearches,
  popularBooks,
  recentUsers,
  savedCriteriaCounts,
  usersWithSavedFilters,
} from '../db/repositories/usage/dashboardRepository.js';
import { authorsOfSheets } from '../db/repositories/sheets/authorsOfSheets.js';
import { fileUrl } from '../storage/fileUrl.js';
import { actionBody } from '../engine/actionBody.js';
import { savedFilterNames, savedRatings } from '../subscribers/userActivityService.js';

const DAY_MS = 86_400_000;
/** How many latest saved searches are read to find the latest distinct ones. */
const SEARCHES_READ = 200;

/** yyyy-MM-dd of a date, in UTC. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * `GET admin/dashboard/data` (SPEC §3 'Dashboard data'): the most recently connected users, the
 * most requested criteria of the saved searches of the last 90 days, the most viewed sheets and
 * the latest saved searches (one per set of filters), names resolved in English.
 */
export async function dashboardData(db: Db, now = new Date()): Promise<DashboardData<Date>> {
  const [users, criteria, books, searches] = await Promise.all([
    recentUsers(db, DASHBOARD_LIMITS.recentUsers),
    mostRequestedCriteria(db, new Date(now.getTime() - DASHBOARD_LIMITS.criteriaDays * DAY_MS)),
    mostViewedBooks(db),
    recentSearches(db),
  ]);
  return { recentUsers: users, recentCriteria: criteria, popularBooks: books, recentSearches: searches };
}

async function mostViewedBooks(db: Db): Promise<DashboardData['popularBooks']> {
  const rows = await popularBooks(db, DASHBOARD_LIMITS.popularBooks);
  const authors = await authorsOfSheets(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    numberViews: row.views,
    coverUrl: row.cover_key ? fileUrl(row.cover_key) : null,
    primaryGenreColor: row.primary_genre_color,
    originalTitle: row.original_title,
    authorNames: (authors.get(row.id) ?? []).map((author) => author.name).join(', '),
  }));
}

/** The latest saved searches, one per set of filters (several users may save the same search: 'Recherché par:' lists them). */
async function recentSearches(db: Db): Promise<RecentSearch<Date>[]> {
  const seen = new Set<string>();
  const latest = (await latestSavedSearches(db, SEARCHES_READ)).filter((search) => {
    const key = canonicalFilters(search.savedFilters);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const chosen = latest.slice(0, DASHBOARD_LIMITS.recentSearches);
  const namesOf = await savedFilterNames(db, chosen, DEFAULT_LOCALE);
  return chosen.map((search) => ({
    createdAt: search.createdAt,
    criteria: namesOf(search).map(([category, values]) => ({ name: SAVED_FILTER_CATEGORY_NAMES[category], values })),
    ratings: savedRatings(search.ratingsFilter),
    savedFilters: search.savedFilters,
  }));
}

/** The categories most named by the searches saved since `since`, each with its most chosen values. */
async function mostRequestedCriteria(db: Db, since: Date): Promise<DashboardCriteria<Date>[]> {
  const { categories, values } = await savedCriteriaCounts(db, since);
  const known = categories.filter((row): row is typeof row & { category: SavedFilterCategory } =>
    (SAVED_FILTER_CATEGORIES as readonly string[]).includes(row.category),
  );
  const order = (category: string) => SAVED_FILTER_CATEGORIES.indexOf(category as SavedFilterCategory);
  const top = known
    .sort((a, b) => b.searches - a.searches || b.last.getTime() - a.last.getTime() || order(a.category) - order(b.category))
    .slice(0, DASHBOARD_LIMITS.recentCriteria);
  const result: DashboardCriteria<Date>[] = [];
  for (const { category, searches, last } of top) {
    const chosen = values
      .filter((row) => row.category === category)
      .sort((a, b) => b.searches - a.searches || b.last.getTime() - a.last.getTime() || a.id - b.id)
      .slice(0, DASHBOARD_LIMITS.criteriaValues);
    const names = await categoryNames(
      db,
      category,
      chosen.map((row) => row.id),
      DEFAULT_LOCALE,
    );
    result.push({
      searchDate: last,
      criteria: [
        { name: SAVED_FILTER_CATEGORY_NAMES[category], values: chosen.map((row) => names.get(row.id)).filter((name): name is string => Boolean(name)) },
      ],
      numberSearches: searches,
    });
  }
  return result;
}

/** Filters written one way whatever the order of their keys, to tell two sets of filters apart. */
const canonicalFilters = (filters: SavedFilters) =>
  JSON.stringify(SAVED_FILTER_CATEGORIES.filter((category) => filters[category]?.length).map((category) => [category, filters[category]]));

const idList = { type: 'array', maxItems: 500, items: { type: 'integer', minimum: 1, maximum: MAX_INT_ID } } as const;
/** The body of `POST admin/dashboard/get-saved-search-users`: the filters as a saved search holds them. */
export const SAVED_SEARCH_USERS_BODY = {
  type: 'object',
  required: ['savedFilters'],
  additionalProperties: false,
  properties: {
    savedFilters: {
      type: 'object',
      title: 'Saved filters',
      additionalProperties: false,
      properties: Object.fromEntries(SAVED_FILTER_CATEGORIES.map((category) => [category, idList])),
    },
  },
} as const;
const readSavedSearchUsers = actionBody<{ savedFilters: SavedFilters }>(SAVED_SEARCH_USERS_BODY);

/** `POST admin/dashboard/get-saved-search-users` `{ savedFilters }`: who saved a search with these filters, by name; 422 for filters that are not ids by category. */
export async function savedSearchUsers(db: Db, body: unknown): Promise<{ data: SavedSearchUser[] }> {
  const { savedFilters } = readSavedSearchUsers(body);
  return { data: await usersWithSavedFilters(db, savedFilters) };
}

/** `GET admin/dashboard/series` query. */
export const SERIES_QUERY = {
  type: 'object',
  required: ['metric', 'days'],
  properties: { metric: { type: 'string', enum: DASHBOARD_METRICS }, days: { type: 'integer', enum: DASHBOARD_PERIODS } },
} as const;

/** `GET admin/dashboard/series?metric=&days=`: `metric` per day over the last `days` days (UTC, today included), a point for every day. */
export async function dashboardSeries(db: Db, query: { metric: DashboardMetric; days: DashboardPeriod }, now = new Date()): Promise<{ data: DashboardSeries }> {
  const days = Array.from({ length: query.days }, (_, index) => isoDay(new Date(now.getTime() - (query.days - 1 - index) * DAY_MS)));
  const counts = await countsPerDay(db, query.metric, days[0]!, days[days.length - 1]!);
  return { data: { metric: query.metric, days: query.days, points: days.map((date) => ({ date, value: counts.get(date) ?? 0 })) } };
}
