import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchText, timestamps, translations } from './columns.js';

/** News type: 0 a YouTube link, 1 an uploaded image. */
export const NEWS_TYPES = { youtube: 0, image: 1 } as const;

/**
 * News items shown to subscribers: a title, a sanitised HTML description and either an uploaded
 * image (`image` is the stored file name, never a client path) or a YouTube `link`.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: smallint('type').notNull().default(NEWS_TYPES.image),
    image: text('image'),
    link: text('link'),
    searchText: searchText(),
    ...timestamps(),
  },
  (t) => [
    index('news_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('news_created_at_idx').on(t.createdAt),
    check('news_type_known', sql`${t.type} in (0, 1)`),
  ],
);

/**
 * Literary prizes a book has won, with a label and translatable names. A prize used by any
 * sheet cannot be deleted (`book_literary_prizes` restricts), which is the API's `canBeDeleted`.
 */
export const literaryPrizes = pgTable(
  'literary_prizes',
  {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    names: translations('names'),
    searchText: searchText(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('literary_prizes_label_unique').on(sql`lower(${t.label})`),
    index('literary_prizes_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * Prompts sent to the AI for a sheet's draft, one per generation source (`label`, e.g. report,
 * manuscript): the prompt text per language and the JSON structure the answer must follow.
 * Edited only, never created or deleted by the panel.
 */
export const aiPrompts = pgTable('ai_prompts', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique('ai_prompts_label_unique'),
  contents: translations('contents'),
  jsonStructure: text('json_structure').notNull().default('{}'),
  ...timestamps(),
});

export type News = typeof news.$inferSelect;
export type LiteraryPrize = typeof literaryPrizes.$inferSelect;
export type AiPrompt = typeof aiPrompts.$inferSelect;
