import { date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { timestamps } from './columns.js';
import { demandStatuses, demandTypes } from './reference.js';
import { users } from './subscribers.js';

/**
 * Requests ('demands' on the server) a subscriber makes on a reading sheet: dates, type, status
 * and the staff's commentary (required by status 4, checked by the API). They belong to the user
 * (cascade); a sheet with requests cannot be deleted, so no commercial history disappears silently.
 * `book_id` may be empty in the table (the API requires it on every save).
 */
export const demands = pgTable(
  'demands',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: integer('book_id').references(() => books.id, { onDelete: 'restrict' }),
    demandDate: date('demand_date', { mode: 'string' }).notNull().defaultNow(),
    demandEndDate: date('demand_end_date', { mode: 'string' }),
    demandTypeId: integer('demand_type_id')
      .notNull()
      .references(() => demandTypes.id, { onDelete: 'restrict' }),
    demandStatusId: integer('demand_status_id')
      .notNull()
      .references(() => demandStatuses.id, { onDelete: 'restrict' }),
    commentary: text('commentary'),
    /** Moved by one on each save: a save based on an older version is refused (409), as a reading sheet's. */
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('demands_user_idx').on(t.userId),
    index('demands_book_idx').on(t.bookId),
    index('demands_type_idx').on(t.demandTypeId),
    index('demands_status_idx').on(t.demandStatusId),
    index('demands_date_idx').on(t.demandDate),
  ],
);

export type Demand = typeof demands.$inferSelect;
