import { sql } from 'drizzle-orm';
import { boolean, customType, date, foreignKey, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { books } from './books.js';

const ids = (name: string) =>
  integer(name)
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`);

/** A PostgreSQL `tsvector` (read as its text form; never written by the application). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One narrow row per reading sheet holding everything the list filters on: the sheet's filtered
 * columns, its criteria as id arrays, its eight ratings and its full-text vectors. It is a
 * projection kept by database triggers (migration 0005), never written by the application: `books`
 * and the criteria, author and rating tables stay the source of truth.
 *
 * Why: counting the matches of any filter combination on 100,000 sheets must stay cheap. On the wide
 * `books` heap (24 translatable maps, ~2 KB a row, larger than shared buffers at that size) and
 * through one semi-join per criterion, two rating filters cost ~55 ms of CPU on PostgreSQL; on this
 * ~300-byte row they are an index-only scan of a few ms (docs/books-list.md, bench/results.md).
 * Fixed-width columns come first: they are read fastest.
 */
export const bookFacets = pgTable(
  'book_facets',
  {
    bookId: integer('book_id').primaryKey(),
    quality: smallint('quality'),
    concept: smallint('concept'),
    plot: smallint('plot'),
    characters: smallint('characters'),
    coherence: smallint('coherence'),
    emotions: smallint('emotions'),
    dialogues: smallint('dialogues'),
    commercial: smallint('commercial'),
    statusId: integer('status_id').notNull(),
    rightsStatusId: integer('rights_status_id').notNull(),
    timeId: integer('time_id'),
    formatId: integer('format_id'),
    originalCountryId: integer('original_country_id'),
    languageId: integer('language_id'),
    publicationDate: date('publication_date', { mode: 'string' }),
    serie: boolean('serie').notNull(),
    authorIds: ids('author_ids'),
    genreIds: ids('genre_ids'),
    thematicIds: ids('thematic_ids'),
    audienceIds: ids('audience_ids'),
    categoryIds: ids('category_ids'),
    placeIds: ids('place_ids'),
    periodIds: ids('period_ids'),
    /**
     * The words of `books.search_text` (original title, titles in every locale, authors) under the
     * `book_search` text-search configuration (accents folded, lower case, no stemming), each with
     * every one of its beginnings ('j', 'ja' … 'jardin'), so that a word being typed is found by an
     * exact lookup: the free text's first tier (docs/books-list.md). Small, so it stays in the row.
     */
    titleVector: tsvector('title_vector')
      .notNull()
      .default(sql`''::tsvector`),
    /** The same, and the report's words in every locale (whole words): what a free-text search must match. */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    foreignKey({ name: 'book_facets_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
    // One GIN index over every array and both vectors: a query combining criteria and words
    // intersects them inside the index (GIN's fast scan skips through the long posting lists by the
    // rarer ones) instead of AND-ing one bitmap per index, 3–4× faster at 1,000,000 sheets.
    index('book_facets_match_idx').using(
      'gin',
      t.titleVector,
      t.searchVector,
      t.authorIds,
      t.genreIds,
      t.thematicIds,
      t.audienceIds,
      t.categoryIds,
      t.placeIds,
      t.periodIds,
    ),
    // Minimum-stars filters collect their matches with an index-only scan of this ~4 MB index (any rating, leading or not).
    index('book_facets_ratings_idx').on(t.quality, t.concept, t.plot, t.characters, t.coherence, t.emotions, t.dialogues, t.commercial, t.bookId),
    // The single-value filters, each ending with the book id so its matches come from an index-only scan.
    index('book_facets_status_idx').on(t.statusId, t.bookId),
    index('book_facets_rights_status_idx').on(t.rightsStatusId, t.bookId),
    index('book_facets_time_idx').on(t.timeId, t.bookId),
    index('book_facets_format_idx').on(t.formatId, t.bookId),
    index('book_facets_original_country_idx').on(t.originalCountryId, t.bookId),
    index('book_facets_language_idx').on(t.languageId, t.bookId),
    index('book_facets_publication_date_idx').on(t.publicationDate, t.bookId),
    index('book_facets_serie_idx').on(t.serie, t.bookId),
  ],
);
