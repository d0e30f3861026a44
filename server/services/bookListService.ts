import { searchNormal } from '../../common/locales.js';
import type { Db } from '../db/client.js';
import { isStillReferenced } from '../db/errors.js';
import {
  bookStoredKeys,
  countBookDemands,
  deleteBook,
  listBookOptions,
  listBooks,
  withDescendants,
  type BookListFilters,
  type BookListOrder,
  type BookListRow,
  type BookOptionRow,
  type BookSort,
  type SortDirection,
} from '../db/repositories/bookListRepository.js';
import { RATING_TYPES, type RatingType } from '../db/schema/book-ratings.js';
import { conflict, notFound } from '../http/errors.js';
import { paged, paging, type Paged, type Paging } from '../http/paging.js';
import { fileUrl } from '../storage/fileUrl.js';
import type { Storage } from '../storage/index.js';
import { parseId, RESOURCE_MESSAGES } from './resourceService.js';

/** The validated query of `GET admin/books` (see server/routes/books.ts for its JSON Schema). */
export type BookListQuery = {
  page?: number;
  perPage?: number;
  search?: string;
  sort?: BookSort;
  direction?: SortDirection;
  author?: number[];
  rightsStatus?: number[];
  /** 'YYYY-MM'. */
  publicationDate?: string;
  statuses?: number[];
  audiences?: number[];
  genres?: number[];
  categories?: number[];
  thematics?: number[];
  places?: number[];
  periods?: number[];
  times?: number[];
  nativeCountry?: number[];
  motherTongue?: number[];
  series?: 1 | 2 | 3;
  formats?: number[];
} & Partial<Record<RatingType, number>>;

/** One row of `GET admin/books`. */
export interface BookListItem {
  id: number;
  original_title: string;
  authors: string[];
  /** The authors joined with ', ' (the list's text column). */
  author_names: string;
  status: { id: number; label: string };
  /** The status label alone (the list's text column until a coloured status cell exists). */
  status_label: string;
  rights_status: { id: number; label: string };
  primary_genre_color: string | null;
  cover_url: string | null;
  publication_date: string | null;
  updated_at: string;
}

export const BOOK_LABEL = 'Reading sheet';
export const BOOK_IN_USE_MESSAGE = 'This reading sheet has requests and cannot be deleted: delete or detach its requests first.';

/** The words of a free-text search, normalised like `search_text`; none for a blank search. */
export function searchWords(search: string | undefined): string[] {
  return searchNormal(search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10);
}

const ids = (values: number[] | undefined) => (values?.length ? [...new Set(values)] : undefined);

/** The repository filters of a validated query (tree filters expanded to their descendants). */
export async function bookFilters(db: Db, query: BookListQuery): Promise<BookListFilters> {
  const ratings: Partial<Record<RatingType, number>> = {};
  for (const type of RATING_TYPES) if (query[type]) ratings[type] = query[type];
  const [genres, thematics] = await Promise.all([
    query.genres?.length ? withDescendants(db, 'genres', query.genres) : undefined,
    query.thematics?.length ? withDescendants(db, 'thematics', query.thematics) : undefined,
  ]);
  const filters: BookListFilters = {
    search: searchWords(query.search),
    authors: ids(query.author),
    rightsStatuses: ids(query.rightsStatus),
    publicationDate: query.publicationDate ? `${query.publicationDate}-01` : undefined,
    statuses: ids(query.statuses),
    audiences: ids(query.audiences),
    genres,
    categories: ids(query.categories),
    thematics,
    places: ids(query.places),
    periods: ids(query.periods),
    times: ids(query.times),
    nativeCountries: ids(query.nativeCountry),
    motherTongues: ids(query.motherTongue),
    series: query.series,
    formats: ids(query.formats),
    ratings,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as BookListFilters;
}

/** Default direction of each sort: newest first for dates, ascending for ids and titles. */
const DEFAULT_DIRECTION: Record<BookSort, SortDirection> = { id: 'asc', title: 'asc', publication_date: 'desc', updated_at: 'desc' };

export function toListItem(row: BookListRow): BookListItem {
  return {
    id: row.id,
    original_title: row.original_title,
    authors: row.authors,
    author_names: row.authors.join(', '),
    status: { id: row.status_id, label: row.status_label },
    status_label: row.status_label,
    rights_status: { id: row.rights_status_id, label: row.rights_status_label },
    primary_genre_color: row.primary_genre_color,
    cover_url: row.cover_key ? fileUrl(row.cover_key) : null,
    publication_date: row.publication_date,
    updated_at: row.updated_at,
  };
}

/** What the repository's `listBooks` takes for a validated query: filters, order and paging. */
export async function bookListArgs(db: Db, query: BookListQuery): Promise<{ filters: BookListFilters; order: BookListOrder; page: Paging }> {
  const sort = query.sort ?? 'updated_at';
  return { filters: await bookFilters(db, query), order: { sort, direction: query.direction ?? DEFAULT_DIRECTION[sort] }, page: paging(query) };
}

/** `GET admin/books`: one page of the catalogue matching every given filter. */
export async function listBookPage(db: Db, query: BookListQuery): Promise<Paged<BookListItem>> {
  const { filters, order, page } = await bookListArgs(db, query);
  const { rows, total } = await listBooks(db, filters, order, page);
  return paged(rows.map(toListItem), total, page);
}

/** `GET admin/books/options`: reading-sheet options for pickers (id, original_title, authorList). */
export async function listBookOptionPage(
  db: Db,
  query: { search?: string; ids?: number[]; page?: number; perPage?: number },
): Promise<Paged<BookOptionRow>> {
  const page = paging(query);
  const { rows, total } = await listBookOptions(db, { search: searchWords(query.search), ids: ids(query.ids), paging: page });
  return paged(rows, total, page);
}

/**
 * `DELETE admin/books/{id}`: deletes the sheet with everything it owns (criteria, authors, contacts,
 * sources, series, ratings, characters, files, AI draft, library and reporter entries, views), then
 * removes its stored files. 404 for an unknown id, 409 while requests point at it.
 */
export async function removeBook(db: Db, storage: Storage, rawId: string, log?: { warn(obj: object, msg: string): void }): Promise<{ message: string }> {
  const id = parseId(rawId);
  if (id === undefined) throw notFound(BOOK_LABEL);
  let keys: string[] | undefined;
  try {
    keys = await db.transaction(async (tx) => {
      const stored = await bookStoredKeys(tx, id, { lock: true });
      if (!stored) return undefined;
      if ((await countBookDemands(tx, id)) > 0) throw conflict(BOOK_IN_USE_MESSAGE);
      await deleteBook(tx, id);
      return stored;
    });
  } catch (error) {
    // A request created between the check and the delete: the foreign key refuses it.
    if (isStillReferenced(error)) throw conflict(BOOK_IN_USE_MESSAGE);
    throw error;
  }
  if (!keys) throw notFound(BOOK_LABEL);
  // The rows are gone: a file that cannot be removed now is only an orphan on disk, never a broken sheet.
  await Promise.all(
    keys.map((key) =>
      storage.remove(key).catch((error: unknown) => log?.warn({ err: error, key }, 'could not remove a deleted reading sheet file')),
    ),
  );
  return { message: RESOURCE_MESSAGES.deleted };
}
