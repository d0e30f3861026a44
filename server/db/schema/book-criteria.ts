import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { literaryPrizes } from './editorial.js';
import { adaptationFormats, adaptationKinds, audiences, categories, countries, genres, periods, thematics } from './reference.js';

/**
 * A book ↔ criterion join table: (book_id, <criterion>_id) primary key, the book side cascades
 * (the rows belong to the sheet), the criterion side refuses deletion while a sheet uses it,
 * and an index led by the criterion column serves the list filters.
 */
function criterionTable<const T extends string, const P extends string>(table: T, property: P, column: string, target: () => AnyPgColumn) {
  const bookId = integer('book_id').notNull();
  const criterion = integer(column).notNull();
  const columns = { bookId, [property]: criterion } as { bookId: typeof bookId } & { [K in P]: typeof criterion };
  const short = column.replace(/_id$/, '');
  return pgTable(table, columns, (t) => {
    const criterionColumn = (t as unknown as Record<P, AnyPgColumn>)[property];
    return [
      primaryKey({ name: `${table}_pk`, columns: [t.bookId, criterionColumn] }),
      index(`${table}_${short}_idx`).on(criterionColumn, t.bookId),
      foreignKey({ name: `${table}_book_fk`, columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
      foreignKey({ name: `${table}_${short}_fk`, columns: [criterionColumn], foreignColumns: [target()] }).onDelete('restrict'),
    ];
  });
}

/** The book's periods (in which the story takes place). */
export const bookPeriods = criterionTable('book_periods', 'periodId', 'period_id', () => periods.id);
/** The book's places: countries where the story takes place. */
export const bookPlaces = criterionTable('book_places', 'countryId', 'country_id', () => countries.id);
/** The book's thematics (a tree; any node may be chosen). */
export const bookThematics = criterionTable('book_thematics', 'thematicId', 'thematic_id', () => thematics.id);
/** The book's target audiences. */
export const bookAudiences = criterionTable('book_audiences', 'audienceId', 'audience_id', () => audiences.id);
/** The book's categories. */
export const bookCategories = criterionTable('book_categories', 'categoryId', 'category_id', () => categories.id);
/** Adaptation formats the book suits (film, series …): the 'Format(s)' adaptation tab. */
export const bookAdaptationFormats = criterionTable('book_adaptation_formats', 'adaptationFormatId', 'adaptation_format_id', () => adaptationFormats.id);
/** Adaptation genres the book suits: the 'Genre(s)' adaptation tab. */
export const bookAdaptationKinds = criterionTable('book_adaptation_kinds', 'adaptationKindId', 'adaptation_kind_id', () => adaptationKinds.id);
/** Literary prizes the book has won; a prize in use cannot be deleted. */
export const bookLiteraryPrizes = criterionTable('book_literary_prizes', 'literaryPrizeId', 'literary_prize_id', () => literaryPrizes.id);

/**
 * The id-list criteria of a sheet, by API key (genres aside: they also carry the primary genre):
 * the join table and its criterion column, the table the ids point at, and the word a refusal
 * uses ('The selected period is invalid.'). Reading, saving, checking references and the
 * criteria tabs all derive from this one list.
 */
export const BOOK_CRITERIA = {
  periods: { join: bookPeriods, property: 'periodId', target: periods, label: 'period' },
  places: { join: bookPlaces, property: 'countryId', target: countries, label: 'place' },
  thematics: { join: bookThematics, property: 'thematicId', target: thematics, label: 'thematic' },
  audiences: { join: bookAudiences, property: 'audienceId', target: audiences, label: 'audience' },
  categories: { join: bookCategories, property: 'categoryId', target: categories, label: 'category' },
  adaptation_formats: { join: bookAdaptationFormats, property: 'adaptationFormatId', target: adaptationFormats, label: 'adaptation format' },
  adaptation_kinds: { join: bookAdaptationKinds, property: 'adaptationKindId', target: adaptationKinds, label: 'adaptation genre' },
  literary_prizes: { join: bookLiteraryPrizes, property: 'literaryPrizeId', target: literaryPrizes, label: 'literary prize' },
} as const;
export type BookCriterionKey = keyof typeof BOOK_CRITERIA;

/**
 * The book's genres; `is_primary` marks its primary genre (its colour shows on lists). A partial
 * unique index allows at most one primary genre per book.
 */
export const bookGenres = pgTable(
  'book_genres',
  {
    bookId: integer('book_id').notNull(),
    genreId: integer('genre_id').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'book_genres_pk', columns: [t.bookId, t.genreId] }),
    index('book_genres_genre_idx').on(t.genreId, t.bookId),
    uniqueIndex('book_genres_one_primary')
      .on(t.bookId)
      .where(sql`${t.isPrimary}`),
    foreignKey({ name: 'book_genres_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
    foreignKey({ name: 'book_genres_genre_fk', columns: [t.genreId], foreignColumns: [genres.id] }).onDelete('restrict'),
  ],
);
