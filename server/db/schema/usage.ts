import { bigserial, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
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
  (t) => [
    index('book_views_book_idx').on(t.bookId, t.viewedAt),
    index('book_views_user_idx').on(t.userId),
    index('book_views_viewed_at_idx').on(t.viewedAt),
  ],
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
