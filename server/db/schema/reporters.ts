import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { searchText, timestamps } from './columns.js';
import { plans, reporterStatuses } from './reference.js';
import { users } from './subscribers.js';

import { REPORTER_TEXT_TYPES, type ReporterTextType } from '../../../common/reporters.js';

export { REPORTER_TEXT_TYPES, type ReporterTextType };

/**
 * Reporters: dated editorial write-ups for chosen users and user groups (plans), holding text
 * blocks per language and a list of books. `lang` is the language the reporter was written in;
 * `search_text` holds the normalised title.
 */
export const reporters = pgTable(
  'reporters',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Expected publication date. */
    date: date('date', { mode: 'string' }).notNull().defaultNow(),
    reporterStatusId: integer('reporter_status_id')
      .notNull()
      .default(1)
      .references(() => reporterStatuses.id, { onDelete: 'restrict' }),
    lang: varchar('lang', { length: 2 }).notNull().default('en'),
    searchText: searchText(),
    ...timestamps(),
  },
  (t) => [
    index('reporters_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('reporters_date_idx').on(t.date),
    index('reporters_status_idx').on(t.reporterStatusId),
    check('reporters_lang_known', sql`${t.lang} in ('en', 'fr', 'es', 'de', 'it')`),
  ],
);

/** The users a reporter targets; rows go with the reporter or the user. */
export const reporterUsers = pgTable('reporter_users', { reporterId: integer('reporter_id').notNull(), userId: integer('user_id').notNull() }, (t) => [
  primaryKey({ name: 'reporter_users_pk', columns: [t.reporterId, t.userId] }),
  index('reporter_users_user_idx').on(t.userId, t.reporterId),
  foreignKey({ name: 'reporter_users_reporter_fk', columns: [t.reporterId], foreignColumns: [reporters.id] }).onDelete('cascade'),
  foreignKey({ name: 'reporter_users_user_fk', columns: [t.userId], foreignColumns: [users.id] }).onDelete('cascade'),
]);

/**
 * The user groups a reporter targets: subscription plans (essential, premium, vip). A plan
 * targeted by a reporter cannot be deleted.
 */
export const reporterUserRoles = pgTable('reporter_user_roles', { reporterId: integer('reporter_id').notNull(), planId: integer('plan_id').notNull() }, (t) => [
  primaryKey({ name: 'reporter_user_roles_pk', columns: [t.reporterId, t.planId] }),
  index('reporter_user_roles_plan_idx').on(t.planId, t.reporterId),
  foreignKey({ name: 'reporter_user_roles_reporter_fk', columns: [t.reporterId], foreignColumns: [reporters.id] }).onDelete('cascade'),
  foreignKey({ name: 'reporter_user_roles_plan_fk', columns: [t.planId], foreignColumns: [plans.id] }).onDelete('restrict'),
]);

/** A reporter's text blocks: one category (rights, alerts, buzz, news), one language, in order. */
export const reporterTexts = pgTable(
  'reporter_texts',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id').notNull(),
    text: text('text').notNull().default(''),
    textType: text('text_type').notNull().$type<ReporterTextType>(),
    lang: varchar('lang', { length: 2 }).notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('reporter_texts_reporter_idx').on(t.reporterId, t.lang),
    foreignKey({ name: 'reporter_texts_reporter_fk', columns: [t.reporterId], foreignColumns: [reporters.id] }).onDelete('cascade'),
    check('reporter_texts_type_known', sql`${t.textType} in ('rights', 'alerts', 'buzz', 'news')`),
    check('reporter_texts_lang_known', sql`${t.lang} in ('en', 'fr', 'es', 'de', 'it')`),
  ],
);

/** The books a reporter presents (shown grouped by primary genre); rows go with either side. */
export const reporterBooks = pgTable(
  'reporter_books',
  {
    reporterId: integer('reporter_id').notNull(),
    bookId: integer('book_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'reporter_books_pk', columns: [t.reporterId, t.bookId] }),
    index('reporter_books_book_idx').on(t.bookId, t.reporterId),
    foreignKey({ name: 'reporter_books_reporter_fk', columns: [t.reporterId], foreignColumns: [reporters.id] }).onDelete('cascade'),
    foreignKey({ name: 'reporter_books_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
  ],
);

export type Reporter = typeof reporters.$inferSelect;
export type ReporterTextRow = typeof reporterTexts.$inferSelect;
