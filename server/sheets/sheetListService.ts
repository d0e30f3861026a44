import type { Db } from '../db/client.js';
import { and, or, type SQL } from 'drizzle-orm';
import type { ListQuery, PageMeta } from '../../common/api.js';
import {
  countSheetTiers,
  sheetBatchRows,
  findSheetBatch,
  listSheets,
  type SheetAuthorRef,
  type SheetBatch,
  type SheetListOrder,
  type SheetListRow,
  type SheetListWindow,
  type SheetSort,
  type SortDirection,
} from '../db/repositories/sheets/sheetListRepository.js';
import { listSheetOptions, type SheetOptionRow } from '../db/repositories/sheets/sheetOptionRepository.js';
import { filterConditions, rankedSearch, withDescendants, type RankedSearch } from '../db/repositories/engine/filterConditions.js';
import { type FilterDeclaration } from '../engine/filterDeclaration.js';
import { bookFacets } from '../db/schema/index.js';
import { RATING_TYPES, type RatingType } from '../db/schema/book-ratings.js';
import { SHEET_FILTERS, SHEET_SORTS } from '../resources/readingSheets.js';
import { unprocessable } from '../http/errors.js';
import { decodeSheetCursor, encodeSheetCursor } from './sheetListCursor.js';
import { paged, paging, type Paged, type Paging } from '../http/paging.js';
import { fileUrl } from '../storage/fileUrl.js';
import { pickTranslation } from '../../common/locales.js';
import type { ExportSource } from '../engine/export/exportSource.js';

/** The validated query of `GET admin/books`: paging (an offset or a cursor), sort and the declared filters (`SHEET_FILTERS`). */
export type SheetListQuery = ListQuery & { sort?: SheetSort; direction?: SortDirection; after?: string; before?: string };

/**
 * `GET admin/books`'s answer: the paged list, whose `meta` also says whether `total` is exact
 * (false: there are more than `total`, shown '10,000+') and holds the cursors of the pages around
 * this one (null at either end).
 */
export type SheetListAnswer = Paged<SheetListItem> & { meta: Required<PageMeta> };

/** A sheet's stars of each rating type (`quality_rating` …; null: not rated on it). */
type SheetListRatings = { [Type in RatingType as `${Type}_rating`]: number | null };

/** One row of `GET admin/books`. */
export interface SheetListItem extends SheetListRatings {
  id: number;
  original_title: string;
  /** The authors in the sheet's order (SPEC §3 `authorList`; the reading-sheet option's shape too). */
  authorList: SheetAuthorRef[];
  /** The authors' names joined with ', ' (the list's text column). */
  author_names: string;
  status: { id: number; label: string };
  /** The status label alone (the list's text column until a coloured status cell exists). */
  status_label: string;
  rights_status: { id: number; label: string };
  primary_genre_color: string | null;
  /** The primary genre's name (English, else its first filled language), or null. */
  primary_genre_name: string | null;
  cover_url: string | null;
  publication_date: string | null;
  updated_at: string;
  /** The original country's and the language's names (English, else the first filled language), or null. */
  original_country: string | null;
  language: string | null;
  nb_pages: number | null;
}

export const SHEET_IN_USE_MESSAGE = 'This reading sheet has requests and cannot be deleted: delete or detach its requests first.';

/**
 * The where-conditions of a validated query on the sheet's `book_facets f` row, from the declared
 * filters (server/resources/readingSheets.ts), genre and thematic ids widened to their descendants,
 * leaving out the free text, and the free text's two tiers (title and author matches first).
 */
async function sheetFilterArgs(db: Db, query: ListQuery): Promise<{ conditions: SQL[]; search: RankedSearch | undefined }> {
  const values: Record<string, unknown> = { ...query };
  await Promise.all(
    Object.entries(SHEET_FILTERS).map(async ([param, filter]) => {
      const ids = values[param];
      const tree = (filter as FilterDeclaration).tree;
      if (tree && Array.isArray(ids) && ids.length) values[param] = await withDescendants(db, tree, ids as number[]);
    }),
  );
  return {
    conditions: filterConditions(bookFacets, SHEET_FILTERS, values, { alias: 'f', rankedApart: true }),
    search: rankedSearch(bookFacets, SHEET_FILTERS, values, { alias: 'f' }),
  };
}

/**
 * The sheets a reader's row conditions reach (docs/permissions.md), as a condition on the sheet's
 * `book_facets f` row: any of the conditions, each its filters together (a free text is no row
 * condition: it ranks, it does not bound); undefined when one of them is every sheet.
 */
export async function sheetRowsWhere(db: Db, conditions: readonly ListQuery[]): Promise<SQL | undefined> {
  const parts = await Promise.all(conditions.map(async (condition) => (await sheetFilterArgs(db, condition)).conditions));
  if (parts.some((part) => part.length === 0)) return undefined;
  return or(...parts.map((part) => and(...part)))!;
}

/** Default direction of each sort: newest first for dates, ascending for ids and titles. */
const DEFAULT_DIRECTION: Record<SheetSort, SortDirection> = { id: 'asc', title: 'asc', publication_date: 'desc', updated_at: 'desc' };

function toListItem(row: SheetListRow): SheetListItem {
  return {
    id: row.id,
    original_title: row.original_title,
    authorList: row.authorList,
    author_names: row.authorList.map((author) => author.name).join(', '),
    status: { id: row.status_id, label: row.status_label },
    status_label: row.status_label,
    rights_status: { id: row.rights_status_id, label: row.rights_status_label },
    primary_genre_color: row.primary_genre_color,
    primary_genre_name: row.primary_genre_names ? pickTranslation(row.primary_genre_names) : null,
    cover_url: row.cover_key ? fileUrl(row.cover_key) : null,
    publication_date: row.publication_date,
    updated_at: row.updated_at,
    original_country: row.original_country_names ? pickTranslation(row.original_country_names) || null : null,
    language: row.language_names ? pickTranslation(row.language_names) || null : null,
    nb_pages: row.nb_pages,
    ...(Object.fromEntries(RATING_TYPES.map((type) => [`${type}_rating`, row[`${type}_rating`]])) as SheetListRatings),
  };
}

/** What the repository's `listSheets` takes for a validated query: conditions, order (its rank), page and window. */
export async function sheetListArgs(
  db: Db,
  query: SheetListQuery,
): Promise<{ conditions: SQL[]; order: SheetListOrder; page: Paging; window: SheetListWindow }> {
  // `sort` and `direction` were validated against their enums (server/routes/sheetListRoutes.ts).
  const sort = (SHEET_SORTS as readonly unknown[]).includes(query.sort) ? (query.sort as SheetSort) : 'updated_at';
  const direction = query.direction === 'asc' || query.direction === 'desc' ? query.direction : DEFAULT_DIRECTION[sort];
  const page = paging(query);
  const { conditions, search } = await sheetFilterArgs(db, query);
  return { conditions, order: { sort, direction, search }, page, window: sheetWindow(query, sort, page) };
}

/** The 422 messages of the cursors (a cursor belongs to the list, sort and filters it came with). */
export const CURSOR_MESSAGES = {
  after: 'The after cursor is not valid for this list: go back to the first page.',
  before: 'The before cursor is not valid for this list: go back to the first page.',
  both: 'Give either after or before, not both.',
} as const;

/** The window of a query: after or before a cursor (checked against the sort), else the page's offset. */
function sheetWindow(query: SheetListQuery, sort: SheetSort, page: Paging): SheetListWindow {
  if (query.after !== undefined && query.before !== undefined) throw unprocessable({ before: [CURSOR_MESSAGES.both] });
  for (const param of ['after', 'before'] as const) {
    const cursor = query[param];
    if (cursor === undefined) continue;
    const position = decodeSheetCursor(cursor, sort);
    if (!position) throw unprocessable({ [param]: [CURSOR_MESSAGES[param]] });
    return param === 'after' ? { after: position, limit: page.perPage } : { before: position, limit: page.perPage };
  }
  return { offset: page.offset, limit: page.perPage };
}

/**
 * `GET admin/books`: one page of the catalogue matching every given filter, a free-text search's
 * title and author matches first, with the total counted up to `COUNT_BOUND`.
 */
export async function listSheetPage(db: Db, query: SheetListQuery, within?: SQL): Promise<SheetListAnswer> {
  const { order, conditions, page, window } = await sheetListArgs(db, query);
  const result = await listSheets(db, within ? [...conditions, within] : conditions, order, window);
  const answer = paged(
    result.rows.map(({ position: _position, ...row }) => toListItem(row)),
    result.total,
    page,
  );
  const first = result.rows[0];
  const last = result.rows.at(-1);
  return {
    data: answer.data,
    meta: {
      ...answer.meta,
      // Past the bound the last page is not known: the next one, while there is one.
      last_page: result.exact ? answer.meta.last_page : result.hasNext ? page.page + 1 : page.page,
      total_exact: result.exact,
      next_cursor: result.hasNext && last ? encodeSheetCursor(last.position) : null,
      prev_cursor: result.hasPrevious && first ? encodeSheetCursor(first.position) : null,
    },
  };
}

/** How many sheets an export reads at a time: a few statements a batch, a few megabytes held. */
const EXPORT_BATCH = 2000;

/** How many batches' columns an export reads at once (each on a connection of its own, on PostgreSQL). */
const EXPORT_AHEAD = 2;

/**
 * Every sheet matching a validated query (filters, search, sort; the page and its size set aside),
 * for an export: the exact count, then the rows in the list's order, a batch at a time, each batch
 * walked on from the last one's position (keyset), so no batch costs more than the first. A
 * batch's positions are found first (an index walk), its display columns read after: the columns
 * of the next EXPORT_AHEAD batches are read while the one given is written out, so the database
 * and the file's writer work at once and at most EXPORT_AHEAD + 1 batches are held.
 */
export async function sheetExportSource(db: Db, query: SheetListQuery, within?: SQL): Promise<ExportSource<SheetListItem>> {
  const { after: _after, before: _before, page: _page, perPage: _perPage, ...filters } = query;
  const args = await sheetListArgs(db, filters);
  const { order } = args;
  const conditions = within ? [...args.conditions, within] : args.conditions;
  const counts = await countSheetTiers(db, conditions, order.search);
  return {
    total: counts.reduce((sum, count) => sum + count, 0),
    async *batches() {
      // A stopped export (a cancelled download) leaves the batches read ahead to finish unread.
      const ahead: ReturnType<typeof sheetBatchRows>[] = [];
      let batch: SheetBatch | undefined = await findSheetBatch(db, conditions, order, undefined, EXPORT_BATCH, counts);
      while (batch || ahead.length) {
        while (batch && ahead.length < EXPORT_AHEAD) {
          const current: SheetBatch = batch;
          const rows = sheetBatchRows(db, current);
          // Awaited in its turn (its failure thrown there); not an unhandled rejection meanwhile.
          rows.catch(() => undefined);
          ahead.push(rows);
          const last = current.found.at(-1);
          batch = current.hasNext && last ? await findSheetBatch(db, conditions, order, last, EXPORT_BATCH, counts) : undefined;
        }
        const rows = await ahead.shift()!;
        if (rows.length) yield rows.map(({ position: _position, ...row }) => toListItem(row));
      }
    },
  };
}

/** `GET admin/books/options`: reading-sheet options for pickers (id, original_title, authorList). */
export async function listSheetOptionPage(
  db: Db,
  query: { search?: string; ids?: number[]; page?: number; perPage?: number },
  within?: SQL,
): Promise<Paged<SheetOptionRow>> {
  const page = paging(query);
  const conditions = filterConditions(bookFacets, { search: SHEET_FILTERS.search }, query, { alias: 'f' });
  // The picker follows the list: the sheets the reader's roles reach.
  if (within) conditions.push(within);
  const { rows, total } = await listSheetOptions(db, { conditions, ids: query.ids?.length ? [...new Set(query.ids)] : undefined, paging: page });
  return paged(rows, total, page);
}
