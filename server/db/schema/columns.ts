import { jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import type { Translations } from '../../../common/locales.js';

/** A per-locale map (`{ en, fr, es, de, it }`), stored as jsonb. */
export const translations = (name: string) => jsonb(name).$type<Translations>().notNull().default({});

/**
 * Lower-cased, accent-free text the repositories keep in step with the searchable
 * fields, so a trigram index serves case- and accent-insensitive search on both engines.
 */
export const searchText = () => text('search_text').notNull().default('');

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
