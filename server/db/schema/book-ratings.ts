import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgEnum, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { books } from './books.js';

/** The eight rating types of a sheet, in display order ('quality' reads 'Literary quality'). */
export const RATING_TYPES = ['quality', 'concept', 'plot', 'characters', 'coherence', 'emotions', 'dialogues', 'commercial'] as const;
export type RatingType = (typeof RATING_TYPES)[number];
/** Ratings go from 0 to 4 stars. */
export const RATING_MIN = 0;
export const RATING_MAX = 4;

export const ratingType = pgEnum('rating_type', RATING_TYPES);

/**
 * A sheet's ratings: at most one per type, 0 to 4 stars (CHECK). A missing row means not rated.
 * The (type, rate) index serves the list's minimum-stars filters.
 */
export const bookRatings = pgTable(
  'book_ratings',
  {
    bookId: integer('book_id').notNull(),
    type: ratingType('type').notNull(),
    rate: smallint('rate').notNull(),
  },
  (t) => [
    primaryKey({ name: 'book_ratings_pk', columns: [t.bookId, t.type] }),
    index('book_ratings_type_rate_idx').on(t.type, t.rate, t.bookId),
    foreignKey({ name: 'book_ratings_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
    check('book_ratings_rate_range', sql`${t.rate} between 0 and 4`),
  ],
);
