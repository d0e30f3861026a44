import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { administrators } from './auth.js';

/**
 * Saved views of the lists (docs/saved-views.md): a list's search, filters, sort and page size (its
 * query, as the list's address says it) and the columns shown, under a name. A view is its author's
 * own, or shared with every administrator; only its author changes or deletes it. Deleting the
 * author deletes their views.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    /** The screen whose list it is (`reading-sheets`, `genres`: the screen's resource name). */
    screen: text('screen').notNull(),
    name: text('name').notNull(),
    /** The list's parameters: each a string, or a list of strings for a repeated one. */
    query: jsonb('query').notNull(),
    /** The fields shown as columns, in their order; empty for the screen's declared columns. */
    columns: jsonb('columns').notNull(),
    shared: boolean('shared').notNull().default(false),
    authorId: integer('author_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_views_screen_idx').on(t.screen, t.authorId),
    index('saved_views_shared_idx')
      .on(t.screen)
      .where(sql`${t.shared}`),
  ],
);

/** Each administrator's default view of a list: opened when the list opens with nothing in its address. */
export const defaultViews = pgTable(
  'default_views',
  {
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    screen: text('screen').notNull(),
    viewId: integer('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.administratorId, t.screen] }), index('default_views_view_idx').on(t.viewId)],
);
