import { and, asc, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { DashboardMetric, SavedFilters } from '../../../../common/dashboard.js';
import type { Db } from '../../client.js';
import { rowsOf } from '../engine/rowsOf.js';
import { bookViewCounts, books, demands, savedSearches, subscriptions, usageDays, users, type FilterTexts, type RatingsFilter } from '../../schema/index.js';

/** A user's name as the panel writes it: the display name, else first and last names. */
const fullname = sql<string>`coalesce(nullif(${users.name}, ''), trim(${users.firstname} || ' ' || ${users.lastname}))`;

/** The most recently connected subscribers, latest first (users_last_connection_idx). */
export function recentUsers(db: Db, limit: number) {
  return db
    .select({ id: users.id, fullname, numberConnections: users.numberConnections, lastConnectionDate: users.lastConnectionDate })
    .from(users)
    .where(isNotNull(users.lastConnectionDate))
    .orderBy(desc(users.lastConnectionDate), desc(users.id))
    .limit(limit);
}

/** The most viewed sheets, most views first (the top of book_view_counts_views_idx), with their first cover's key and primary genre's colour. */
export async function popularBooks(db: Db, limit: number) {
  const rows = rowsOf<{ id: number; views: number; original_title: string; primary_genre_color: string | null; cover_key: string | null }>(
    await db.execute(sql`
    select c.book_id as id, c.views, b.original_title,
      (select g.color from book_genres bg join genres g on g.id = bg.genre_id where bg.book_id = c.book_id and bg.is_primary) as primary_genre_color,
      (select bf.stored_name from book_files bf where bf.book_id = c.book_id and bf.type = 2 order by bf.position, bf.id limit 1) as cover_key
    from (select book_id, views from ${bookViewCounts} order by views desc, book_id limit ${limit}) c
    join ${books} b on b.id = c.book_id
    order by c.views desc, c.book_id`),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), views: Number(row.views) }));
}

/** The latest saved searches (newest first), `limit` rows at most: the dashboard keeps one per set of filters. */
export function latestSavedSearches(
  db: Db,
  limit: number,
): Promise<{ createdAt: Date; savedFilters: SavedFilters; filterTexts: FilterTexts; ratingsFilter: RatingsFilter }[]> {
  return db
    .select({
      createdAt: savedSearches.createdAt,
      savedFilters: savedSearches.savedFilters,
      filterTexts: savedSearches.filterTexts,
      ratingsFilter: savedSearches.ratingsFilter,
    })
    .from(savedSearches)
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
    .limit(limit);
}

/**
 * In the saved searches made since `since`: per category, how many searches named it and when last;
 * per category and chosen id, the same. One transaction without JIT: the planner cannot see how few
 * rows the jsonb functions give (it assumes 100 each), and the JIT compilation it would pay for that
 * (about 170 ms on 20,000 searches) costs four times the query itself.
 */
export function savedCriteriaCounts(db: Db, since: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const categories = rowsOf<{ category: string; searches: number; last: Date | string }>(
      await tx.execute(sql`
        select f.key as category, count(*)::int as searches, max(s.created_at) as last
        from ${savedSearches} s
        cross join lateral jsonb_each(s.saved_filters) f
        where s.created_at >= ${since.toISOString()} and jsonb_typeof(f.value) = 'array' and jsonb_array_length(f.value) > 0
        group by f.key`),
    );
    const values = rowsOf<{ category: string; id: number; searches: number; last: Date | string }>(
      await tx.execute(sql`
        select f.key as category, v.value::int as id, count(*)::int as searches, max(s.created_at) as last
        from ${savedSearches} s
        cross join lateral jsonb_each(s.saved_filters) f
        cross join lateral jsonb_array_elements_text(case when jsonb_typeof(f.value) = 'array' then f.value else '[]'::jsonb end) v
        where s.created_at >= ${since.toISOString()}
        group by f.key, v.value::int`),
    );
    return {
      categories: categories.map((row) => ({ category: row.category, searches: Number(row.searches), last: new Date(row.last) })),
      values: values.map((row) => ({ category: row.category, id: Number(row.id), searches: Number(row.searches), last: new Date(row.last) })),
    };
  });
}

/** The users who saved a search with exactly these filters (jsonb equality: whatever the keys' order), by name. */
export function usersWithSavedFilters(db: Db, filters: SavedFilters) {
  return db
    .selectDistinct({ id: users.id, fullname, company: users.company })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(sql`${savedSearches.savedFilters} = ${JSON.stringify(filters)}::jsonb`)
    .orderBy(asc(fullname), asc(users.id));
}

/**
 * How many of `metric` happened each day (UTC) from `from` to `to` (yyyy-MM-dd, both included),
 * days without any left out: views and connections from the daily rollup, requests by their date,
 * subscriptions by their start date.
 */
export async function countsPerDay(db: Db, metric: DashboardMetric, from: string, to: string): Promise<Map<string, number>> {
  let rows: { day: string; value: number }[];
  if (metric === 'views' || metric === 'connections') {
    rows = await db
      .select({ day: usageDays.day, value: usageDays.count })
      .from(usageDays)
      .where(and(eq(usageDays.metric, metric), gte(usageDays.day, from), sql`${usageDays.day} <= ${to}`));
  } else {
    const column = metric === 'requests' ? demands.demandDate : subscriptions.startDate;
    const table = metric === 'requests' ? demands : subscriptions;
    rows = await db
      .select({ day: column, value: sql<number>`count(*)::int` })
      .from(table)
      .where(and(gte(column, from), sql`${column} <= ${to}`))
      .groupBy(column);
  }
  return new Map(rows.map((row) => [String(row.day), Number(row.value)]));
}
