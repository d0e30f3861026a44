import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { users } from './subscribers.js';

/**
 * One row per time a subscriber opened a reading sheet on the front site: the dashboard's
 * 'most viewed sheets'. Statistics only, so rows go with the book or the user.
 */
export const bookViews = pgTable(
  'book_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('book_views_book_idx').on(t.bookId, t.viewedAt), index('book_views_user_idx').on(t.userId), index('book_views_viewed_at_idx').on(t.viewedAt)],
);

/**
 * One row per subscriber sign-in on the front site (the users' `number_connections` and
 * `last_connection_date` summarise it), for the dashboard's connection statistics.
 */
export const userConnections = pgTable(
  'user_connections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_connections_user_idx').on(t.userId, t.connectedAt), index('user_connections_connected_at_idx').on(t.connectedAt)],
);

/** The event logs the dashboard counts per day through `usage_days`. */
export const USAGE_METRICS = ['views', 'connections'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/**
 * How many sheet views and subscriber connections happened each day (UTC): the dashboard's
 * charts read this instead of counting up to millions of log rows. Kept by statement-level
 * triggers on `book_views` and `user_connections` inserts (migration 0010), whoever writes them
 * (the front site, the demo, the benchmark). Rows deleted from the logs later (a deleted sheet or
 * user) stay counted: the charts say what happened.
 */
export const usageDays = pgTable(
  'usage_days',
  {
    metric: text('metric').$type<UsageMetric>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'usage_days_pk', columns: [t.metric, t.day] }), check('usage_days_metric_known', sql`${t.metric} in ('views', 'connections')`)],
);

/**
 * Each sheet's number of views, kept by the same trigger as `usage_days`: the dashboard's 'most
 * viewed sheets' is the top of its index, not a count over every view.
 */
export const bookViewCounts = pgTable(
  'book_view_counts',
  {
    bookId: integer('book_id')
      .primaryKey()
      .references(() => books.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
  },
  (t) => [index('book_view_counts_views_idx').on(t.views.desc(), t.bookId)],
);
