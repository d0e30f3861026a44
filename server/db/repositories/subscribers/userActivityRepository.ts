import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { pickTranslation, type Locale, type Translations } from '../../../../common/locales.js';
import type { Paging } from '../../pagingColumns.js';
import type { Db } from '../../client.js';
import {
  audiences,
  authors,
  bookAuthors,
  books,
  categories,
  countries,
  formats,
  genres,
  languages,
  libraries,
  libraryBooks,
  periods,
  savedSearches,
  thematics,
  times,
  type SavedFilterCategory,
  type SavedSearch,
} from '../../schema/index.js';

export type { LibraryRecord } from '../../../../common/subscribers.js';
import type { LibraryRecord } from '../../../../common/subscribers.js';

/** One page of a user's libraries by id, each with its books (in the order they were added) and their authors. */
export async function listUserLibraries(db: Db, userId: number, paging: Paging): Promise<{ rows: LibraryRecord[]; total: number }> {
  const page = await db
    .select({ id: libraries.id, name: libraries.name })
    .from(libraries)
    .where(eq(libraries.userId, userId))
    .orderBy(asc(libraries.id))
    .limit(paging.perPage)
    .offset(paging.offset);
  const [total] = await db.select({ value: count() }).from(libraries).where(eq(libraries.userId, userId));
  if (page.length === 0) return { rows: [], total: total?.value ?? 0 };
  const entries = await db
    .select({ libraryId: libraryBooks.libraryId, id: books.id, original_title: books.originalTitle })
    .from(libraryBooks)
    .innerJoin(books, eq(books.id, libraryBooks.bookId))
    .where(
      inArray(
        libraryBooks.libraryId,
        page.map((library) => library.id),
      ),
    )
    .orderBy(asc(libraryBooks.addedAt), asc(libraryBooks.bookId));
  const bookIds = [...new Set(entries.map((entry) => entry.id))];
  const credits = bookIds.length
    ? await db
        .select({ bookId: bookAuthors.bookId, id: authors.id, name: authors.name })
        .from(bookAuthors)
        .innerJoin(authors, eq(authors.id, bookAuthors.authorId))
        .where(inArray(bookAuthors.bookId, bookIds))
        .orderBy(asc(bookAuthors.bookId), asc(bookAuthors.position))
    : [];
  const authorsOf = new Map<number, { id: number; name: string }[]>();
  for (const { bookId, id, name } of credits) (authorsOf.get(bookId) ?? authorsOf.set(bookId, []).get(bookId)!).push({ id, name });
  return {
    rows: page.map((library) => ({
      ...library,
      books: entries
        .filter((entry) => entry.libraryId === library.id)
        .map(({ id, original_title }) => ({ id, original_title, authorList: authorsOf.get(id) ?? [] })),
    })),
    total: total?.value ?? 0,
  };
}

/** A user's saved searches, newest first. */
export async function listUserSavedSearches(db: Db, userId: number): Promise<SavedSearch[]> {
  return db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

type NamedSource = { table: PgTable; id: PgColumn; names: PgColumn };

/** Where the ids of each saved-filter category are named (places are countries, as on the reading sheet). */
const CATEGORY_SOURCES: Record<Exclude<SavedFilterCategory, 'author'>, NamedSource> = {
  genre: { table: genres, id: genres.id, names: genres.names },
  country: { table: countries, id: countries.id, names: countries.names },
  thematic: { table: thematics, id: thematics.id, names: thematics.names },
  place: { table: countries, id: countries.id, names: countries.names },
  period: { table: periods, id: periods.id, names: periods.names },
  time: { table: times, id: times.id, names: times.names },
  audience: { table: audiences, id: audiences.id, names: audiences.names },
  language: { table: languages, id: languages.id, names: languages.names },
  category: { table: categories, id: categories.id, names: categories.names },
  format: { table: formats, id: formats.id, names: formats.names },
};

/**
 * The names of the ids of one saved-filter category, in `locale` (else English, else the first
 * filled one; authors have one name). Ids that no longer exist are missing from the map.
 */
export async function categoryNames(db: Db, category: SavedFilterCategory, ids: readonly number[], locale: Locale): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  if (category === 'author') {
    const rows = await db
      .select({ id: authors.id, name: authors.name })
      .from(authors)
      .where(inArray(authors.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.name]));
  }
  const source = CATEGORY_SOURCES[category];
  const rows = (await db
    .select({ id: source.id, names: source.names })
    .from(source.table)
    .where(inArray(source.id, [...ids]))) as { id: number; names: Translations }[];
  return new Map(rows.map((row) => [row.id, pickTranslation(row.names, locale)]));
}
