import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  type PgTableExtraConfigValue,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { administrators } from './auth.js';
import { books } from './books.js';
import { searchText, timestamps } from './columns.js';
import { countries, locales, plans } from './reference.js';
import type { RatingType } from './book-ratings.js';

/**
 * Subscribers of the front site (SPEC §3 'User'). `name` is an optional display name, the full
 * name being firstname + lastname; `credits` is the current balance (its history is in
 * `credit_movements`); `search_text` holds the normalised names, e-mail and company.
 * Deleting a user deletes what belongs to them (subscriptions, libraries, searches, requests, views).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone'),
    job: text('job'),
    company: text('company'),
    /** Read-only in the panel: set by the front site's billing. */
    vatNumber: text('vat_number'),
    localeId: integer('locale_id').references(() => locales.id, { onDelete: 'restrict' }),
    address: text('address'),
    additionalAddress: text('additional_address'),
    city: text('city'),
    postalCode: text('postal_code'),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
    isAccepted: boolean('is_accepted').notNull().default(false),
    credits: integer('credits').notNull().default(0),
    numberConnections: integer('number_connections').notNull().default(0),
    lastConnectionDate: timestamp('last_connection_date', { withTimezone: true }),
    /**
     * The current subscription (the latest by start date, then by id) and a copy of what its state
     * and plan are read from, kept by triggers on `subscriptions` (migration 0007), never written by
     * the application: the users list filters by subscription state and plan on this row alone.
     */
    currentSubscriptionId: integer('current_subscription_id'),
    currentPlanId: integer('current_plan_id'),
    currentSubscriptionEndAt: timestamp('current_subscription_end_at', { withTimezone: true }),
    currentSubscriptionCanceledAt: timestamp('current_subscription_canceled_at', { withTimezone: true }),
    searchText: searchText(),
    ...timestamps(),
  },
  // Typed, because `users` and `subscriptions` refer to each other.
  (t): PgTableExtraConfigValue[] => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('users_last_connection_idx').on(t.lastConnectionDate),
    index('users_country_idx').on(t.countryId),
    index('users_locale_idx').on(t.localeId),
    index('users_current_subscription_idx').on(t.currentSubscriptionId),
    index('users_current_plan_idx').on(t.currentPlanId),
    // The subscription-state filter and its count read this index alone (index-only scans).
    index('users_subscription_state_idx').on(t.currentSubscriptionEndAt, t.currentSubscriptionCanceledAt, t.currentSubscriptionId),
    foreignKey({ name: 'users_current_subscription_fk', columns: [t.currentSubscriptionId], foreignColumns: [subscriptions.id] }).onDelete('set null'),
    check('users_credits_positive', sql`${t.credits} >= 0`),
    check('users_number_connections_positive', sql`${t.numberConnections} >= 0`),
  ],
);

/**
 * A user's subscriptions to a plan, newest last; the current one is the latest by start date.
 * `paid` and `commitment` are copied from the plan when subscribing (plans may change later).
 * States: active, canceled (`canceled_at` set), ended (`subscription_end_at` in the past).
 * `provider_subscription_id` links it to the card payment provider's subscription, if any.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    paid: boolean('paid').notNull().default(true),
    /** Commitment in months. */
    commitment: integer('commitment').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    subscriptionEndAt: timestamp('subscription_end_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    providerSubscriptionId: text('provider_subscription_id').unique('subscriptions_provider_id_unique'),
    ...timestamps(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.startDate),
    index('subscriptions_plan_idx').on(t.planId),
    // The dashboard's new subscriptions per day.
    index('subscriptions_start_date_idx').on(t.startDate),
  ],
);

/**
 * The history of a user's credit balance: each change with its signed amount, the balance after
 * it, why, and the administrator who made it (kept as null when that administrator is deleted).
 */
export const creditMovements = pgTable(
  'credit_movements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    balance: integer('balance').notNull(),
    /** 'plan' (credits of a new subscription), 'manual' (staff), 'request' (spent on a request) … */
    reason: text('reason').notNull(),
    administratorId: integer('administrator_id').references(() => administrators.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_movements_user_idx').on(t.userId, t.createdAt), index('credit_movements_administrator_idx').on(t.administratorId)],
);

/** A user's named lists of reading sheets ('User's library' tab); books are in `library_books`. */
export const libraries = pgTable(
  'libraries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [index('libraries_user_idx').on(t.userId)],
);

/** The books of a library; the rows go with either the library or the book. */
export const libraryBooks = pgTable(
  'library_books',
  {
    libraryId: integer('library_id').notNull(),
    bookId: integer('book_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'library_books_pk', columns: [t.libraryId, t.bookId] }),
    index('library_books_book_idx').on(t.bookId, t.libraryId),
    foreignKey({ name: 'library_books_library_fk', columns: [t.libraryId], foreignColumns: [libraries.id] }).onDelete('cascade'),
    foreignKey({ name: 'library_books_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
  ],
);

/** Filter categories of a saved search (SPEC §2 'User's search'). */
export type { SavedFilterCategory } from '../../../common/subscribers.js';
import type { SavedFilterCategory } from '../../../common/subscribers.js';
/** Ids chosen per filter category. */
export type SavedFilters = Partial<Record<SavedFilterCategory, number[]>>;
/** The same choices written as text, as the front site displayed them. */
export type FilterTexts = Partial<Record<SavedFilterCategory, string[]>>;
/** Minimum stars per rating type. */
export type RatingsFilter = Partial<Record<RatingType, number>>;

/**
 * Searches a subscriber saved on the front site: free text, the filters (ids and their texts) and
 * the minimum ratings. The dashboard reads the most recent ones and finds users with equal filters.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    textSearch: text('text_search'),
    savedFilters: jsonb('saved_filters').$type<SavedFilters>().notNull().default({}),
    filterTexts: jsonb('filter_texts').$type<FilterTexts>().notNull().default({}),
    ratingsFilter: jsonb('ratings_filter').$type<RatingsFilter>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId), index('saved_searches_created_at_idx').on(t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type SavedSearch = typeof savedSearches.$inferSelect;
