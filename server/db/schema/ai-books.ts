import { check, index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AiDraftCharacter, AiDraftCriteria, AiDraftJustifications, AiDraftTexts, AiRatingType } from '../../../common/aiDraft.js';
import { books } from './books.js';
import { timestamps } from './columns.js';

/**
 * The AI draft of a reading sheet (at most one per sheet, replaced by each generation): the
 * author and publishing house it names, the single-language counterparts of the sheet's drafted
 * maps in `locale` (`texts`, one jsonb: a map the schema adds needs no column here), the proposed
 * criteria, characters and ratings, and the justifications shown on the comparison screen. Staff transfer
 * fields one by one to the sheet; the draft goes with the sheet. Its JSON shapes and the API's are
 * common/aiDraft.ts.
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
    /**
     * The draft's texts by draft field (`{ "title": …, "pitch": … }`): one per map of the sheet
     * annotated `x-aiDraft` (common/aiDraft.ts), a text left empty absent.
     */
    texts: jsonb('texts').$type<AiDraftTexts>().notNull().default({}),
    criteria: jsonb('criteria').$type<AiDraftCriteria>().notNull().default({}),
    characters: jsonb('characters').$type<AiDraftCharacter[]>().notNull().default([]),
    ratings: jsonb('ratings').$type<Partial<Record<AiRatingType, number>>>().notNull().default({}),
    justifications: jsonb('justifications').$type<AiDraftJustifications>().notNull().default({}),
    ratingsJustifications: jsonb('ratings_justifications').$type<Partial<Record<AiRatingType, string>>>().notNull().default({}),
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

export type AiBook = typeof aiBooks.$inferSelect;
