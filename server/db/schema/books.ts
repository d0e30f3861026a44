import { sql, type BuildExtraConfigColumns } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { LOCALES, searchNormal, type Translations } from '../../../common/locales.js';
import { searchText, timestamps, translations } from './columns.js';
import { companies } from './directory.js';
import { adaptationBudgets, bookStatuses, countries, formats, languages, rightsStatuses, times } from './reference.js';

/**
 * Reading sheets: one row per scouted book with its identity, every translatable map as its own
 * jsonb column, the manuscript file, the AI generation flags and an optimistic-concurrency
 * `version`. Lists (genres, authors, series, characters, ratings, files …) live in child tables
 * that cascade with the sheet.
 *
 * - `publication_date` is a `date` always on the first day of the month (a CHECK enforces it):
 *   the API speaks 'YYYY-MM' and the database keeps a real, range-comparable date.
 * - `search_text` is kept by the app: normalised original title, titles in every locale and
 *   author names (see `searchNormal`), served by a trigram index.
 * - `version` starts at 1 and each save increments it; a save based on an older version is refused.
 */
export const books = pgTable('books', bookColumns(), bookConstraints);

/**
 * The columns of `books`, built anew at each call: the table above, and a test's copy of it with a
 * column more (tests/server/sheet-added-field.test.ts: a field added to the sheet's schema and to
 * this table is saved, read and drafted with nothing else written).
 */
export function bookColumns() {
  return {
    id: serial('id').primaryKey(),
    originalTitle: text('original_title').notNull(),
    originalCountryId: integer('original_country_id').references(() => countries.id, { onDelete: 'restrict' }),
    languageId: integer('language_id').references(() => languages.id, { onDelete: 'restrict' }),
    statusId: integer('status_id')
      .notNull()
      .default(1)
      .references(() => bookStatuses.id, { onDelete: 'restrict' }),
    rightsStatusId: integer('rights_status_id')
      .notNull()
      .default(4)
      .references(() => rightsStatuses.id, { onDelete: 'restrict' }),
    /** Set by the server whenever `rights_status_id` changes. */
    rightsStatusUpdatedAt: timestamp('rights_status_updated_at', { withTimezone: true }),
    timeId: integer('time_id').references(() => times.id, { onDelete: 'restrict' }),
    formatId: integer('format_id').references(() => formats.id, { onDelete: 'restrict' }),
    /** The first publishing house. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    adaptationBudgetId: integer('adaptation_budget_id').references(() => adaptationBudgets.id, { onDelete: 'restrict' }),
    /** First day of the publication month ('YYYY-MM-01'); the API shows 'YYYY-MM'. */
    publicationDate: date('publication_date', { mode: 'string' }),
    nbPages: integer('nb_pages'),
    universal: boolean('universal').notNull().default(false),
    manuscriptConfidential: boolean('manuscript_confidential').notNull().default(false),
    /** True when the book belongs to a series (its volumes are in `book_series`). */
    serie: boolean('serie').notNull().default(false),
    /** The product operator's own commentary, never shown to subscribers. */
    privateComment: text('private_comment'),

    manuscriptOriginalName: text('manuscript_original_name'),
    manuscriptStoredName: text('manuscript_stored_name').unique('books_manuscript_stored_name_unique'),
    manuscriptSize: integer('manuscript_size'),
    manuscriptMime: text('manuscript_mime'),
    manuscriptUploadedAt: timestamp('manuscript_uploaded_at', { withTimezone: true }),

    isAiGenerationRunning: boolean('is_ai_generation_running').notNull().default(false),
    hasAiResults: boolean('has_ai_results').notNull().default(false),
    aiGenerationError: text('ai_generation_error'),

    titles: translations('titles'),
    subtitles: translations('subtitles'),
    pitches: translations('pitches'),
    publicComments: translations('public_comments'),
    /** 'Reporter summary' on the editor. */
    newsletterComments: translations('newsletter_comments'),
    /** 'Report' on the editor. */
    summaries: translations('summaries'),
    report: translations('report'),
    scouts: translations('scouts'),
    additionalPeriods: translations('additional_periods'),
    additionalPlaces: translations('additional_places'),
    durations: translations('durations'),
    additionalManuscripts: translations('additional_manuscripts'),
    detailedSummaries: translations('detailed_summaries'),
    keyMoments: translations('key_moments'),
    arenas: translations('arenas'),
    promises: translations('promises'),
    messages: translations('messages'),
    tones: translations('tones'),
    pointOfViews: translations('point_of_views'),
    narrativeStructures: translations('narrative_structures'),
    strongPoints: translations('strong_points'),
    weakPoints: translations('weak_points'),
    bookReferences: translations('book_references'),
    movieReferences: translations('movie_references'),

    searchText: searchText(),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  };
}

/** The indexes and checks of `books`, on its columns (`bookColumns`). */
export function bookConstraints(t: BuildExtraConfigColumns<'books', ReturnType<typeof bookColumns>, 'pg'>): PgTableExtraConfigValue[] {
  return [
    index('books_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The list's sorts, with the id as tie-breaker (server/db/repositories/sheets/sheetListRepository.ts).
    index('books_original_title_idx').on(t.originalTitle, t.id),
    index('books_status_idx').on(t.statusId),
    index('books_rights_status_idx').on(t.rightsStatusId),
    index('books_time_idx').on(t.timeId),
    index('books_format_idx').on(t.formatId),
    index('books_original_country_idx').on(t.originalCountryId),
    index('books_language_idx').on(t.languageId),
    index('books_company_idx').on(t.companyId),
    index('books_adaptation_budget_idx').on(t.adaptationBudgetId),
    index('books_publication_date_idx').on(t.publicationDate, t.id),
    index('books_publication_date_desc_idx').on(t.publicationDate.desc().nullsLast(), t.id.desc()),
    index('books_updated_at_idx').on(t.updatedAt, t.id),
    check('books_publication_date_first_of_month', sql`extract(day from ${t.publicationDate}) = 1`),
    check('books_nb_pages_positive', sql`${t.nbPages} >= 0`),
    check('books_manuscript_size_positive', sql`${t.manuscriptSize} >= 0`),
    check('books_version_positive', sql`${t.version} >= 1`),
  ];
}

/**
 * The `books.search_text` value: original title, the title in every locale and the author names,
 * normalised by `searchNormal`. Every writer of a sheet (API, seeders, AI transfer) uses it.
 */
export function bookSearchText(originalTitle: string, titles: Translations, authorNames: readonly string[]): string {
  const parts = [originalTitle, ...LOCALES.map((locale) => titles[locale] ?? ''), ...authorNames];
  return searchNormal([...new Set(parts.map((part) => part.trim()).filter(Boolean))].join(' '));
}

export type Book = typeof books.$inferSelect;
export type NewBook = typeof books.$inferInsert;
