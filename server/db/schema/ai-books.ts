import { check, index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { books, type BookTranslationKey } from './books.js';
import { timestamps } from './columns.js';
import type { RatingType } from './book-ratings.js';

/** Criteria the AI proposes, as reference ids (keys as in SPEC §3). */
export interface AiBookCriteria {
  genres?: number[];
  primary_genre?: number | null;
  thematics?: number[];
  periods?: number[];
  places?: number[];
  audiences?: number[];
  categories?: number[];
  adaptation_formats?: number[];
  adaptation_kinds?: number[];
  literary_prizes?: number[];
  time_id?: number | null;
  format_id?: number | null;
  adaptation_budget_id?: number | null;
  original_country_id?: number | null;
  language_id?: number | null;
}
/** A character the AI proposes, in the draft's single language. */
export interface AiBookCharacter {
  name: string;
  function_id?: number | null;
  gender_id?: number | null;
  country_id?: number | null;
  topology_id?: number | null;
  age_ids?: number[];
  characterisation?: string;
  issue?: string;
  evolution?: string;
}
/** Why the AI chose each criterion, for genres, thematics, adaptation formats and adaptation genres. */
export type AiBookJustifications = Partial<
  Record<'genres' | 'thematics' | 'adaptation_formats' | 'adaptation_kinds', { id: number; justification: string }[]>
>;

/**
 * The AI draft of a reading sheet (at most one per sheet, replaced by each generation): the
 * single-language counterparts of the sheet's translatable maps in `locale`, the proposed criteria,
 * characters and ratings, and the justifications shown on the comparison screen. Staff transfer
 * fields one by one to the sheet; the draft goes with the sheet.
 */
export const aiBooks = pgTable(
  'ai_books',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .unique('ai_books_book_unique')
      .references(() => books.id, { onDelete: 'cascade' }),
    locale: varchar('locale', { length: 2 }).notNull(),
    model: text('model').notNull(),
    /** What the draft was generated from: 'report' or 'manuscript'. */
    generateFrom: text('generate_from').notNull().default('report'),
    author: text('author'),
    publishingHouseName: text('publishing_house_name'),
    title: text('title'),
    subtitle: text('subtitle'),
    pitch: text('pitch'),
    publicComment: text('public_comment'),
    newsletterComment: text('newsletter_comment'),
    summary: text('summary'),
    report: text('report'),
    scout: text('scout'),
    additionalPeriod: text('additional_period'),
    additionalPlace: text('additional_place'),
    duration: text('duration'),
    additionalManuscript: text('additional_manuscript'),
    detailedSummary: text('detailed_summary'),
    keyMoments: text('key_moments'),
    arena: text('arena'),
    promise: text('promise'),
    message: text('message'),
    tone: text('tone'),
    pointOfView: text('point_of_view'),
    narrativeStructure: text('narrative_structure'),
    strongPoints: text('strong_points'),
    weakPoints: text('weak_points'),
    bookReferences: text('book_references'),
    movieReferences: text('movie_references'),
    criteria: jsonb('criteria').$type<AiBookCriteria>().notNull().default({}),
    characters: jsonb('characters').$type<AiBookCharacter[]>().notNull().default([]),
    ratings: jsonb('ratings').$type<Partial<Record<RatingType, number>>>().notNull().default({}),
    justifications: jsonb('justifications').$type<AiBookJustifications>().notNull().default({}),
    ratingsJustifications: jsonb('ratings_justifications').$type<Partial<Record<RatingType, string>>>().notNull().default({}),
    /** The call that made the draft, for staff and support: the prompt sent, the raw answer, its cost and duration. */
    prompt: text('prompt'),
    rawAnswer: text('raw_answer'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    durationMs: integer('duration_ms'),
    /** What the server changed in the answer to fit (unknown ids dropped, ratings clamped, the context cut), one line each. */
    corrections: jsonb('corrections').$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    index('ai_books_created_at_idx').on(t.createdAt),
    check('ai_books_locale_known', sql`${t.locale} in ('en', 'fr', 'es', 'de', 'it')`),
    check('ai_books_generate_from_known', sql`${t.generateFrom} in ('report', 'manuscript')`),
  ],
);

/** Which sheet map each single-language draft field fills when transferred. */
export const AI_BOOK_FIELDS = {
  title: 'titles',
  subtitle: 'subtitles',
  pitch: 'pitches',
  publicComment: 'publicComments',
  newsletterComment: 'newsletterComments',
  summary: 'summaries',
  report: 'report',
  scout: 'scouts',
  additionalPeriod: 'additionalPeriods',
  additionalPlace: 'additionalPlaces',
  duration: 'durations',
  additionalManuscript: 'additionalManuscripts',
  detailedSummary: 'detailedSummaries',
  keyMoments: 'keyMoments',
  arena: 'arenas',
  promise: 'promises',
  message: 'messages',
  tone: 'tones',
  pointOfView: 'pointOfViews',
  narrativeStructure: 'narrativeStructures',
  strongPoints: 'strongPoints',
  weakPoints: 'weakPoints',
  bookReferences: 'bookReferences',
  movieReferences: 'movieReferences',
} as const satisfies Record<string, BookTranslationKey>;

export type AiBook = typeof aiBooks.$inferSelect;
