import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../client.js';
import type { RankedSearch } from '../engine/filterConditions.js';
import { rowsOf } from '../engine/rowsOf.js';
import { RATING_TYPES, type RatingType } from '../../schema/book-ratings.js';

/** Columns a reading-sheet list can be sorted by (API names; their list is the declaration's `SHEET_SORTS`). */
export type { SheetSort } from '../../../resources/readingSheets.js';
import type { SheetSort } from '../../../resources/readingSheets.js';
export type SortDirection = 'asc' | 'desc';

/**
 * Counts stop here: a list knows its exact total up to this many matches, and past it only that
 * there are more ('10,000+'), so no count ever walks a large match set (docs/books-list.md).
 */
export const COUNT_BOUND = 10_000;

export interface SheetListOrder {
  sort: SheetSort;
  direction: SortDirection;
  /**
   * A free-text search, in two tiers on the sheet's facets row (`f`): the sheets whose titles and
   * authors hold every word, then those matching through their report; the sort orders each tier.
   */
  search?: RankedSearch | undefined;
}

/**
 * Where a row stands in a list's order: its tier (0: title and author matches, 1: report-only; 0 without
 * a search), its sort value as text (null for an empty publication date; unused for the id sort) and
 * its id. Keyset paging continues after or before one.
 */
export interface BookListPosition {
  tier: 0 | 1;
  key: string | null;
  id: number;
}

/** Which page: `offset`/`limit`, or the `limit` rows after (or before) a position. */
export type SheetListWindow = { offset: number; limit: number } | { after: BookListPosition; limit: number } | { before: BookListPosition; limit: number };

/** One row of the list, as the database gives it (the service adds URLs), but for its ratings. */
interface SheetListColumns {
  id: number;
  original_title: string;
  status_id: number;
  status_label: string;
  rights_status_id: number;
  rights_status_label: string;
  /** 'YYYY-MM' or null. */
  publication_date: string | null;
  /** ISO 8601 in UTC. */
  updated_at: string;
  /** The authors in the sheet's order. */
  authorList: SheetAuthorRef[];
  primary_genre_color: string | null;
  /** The primary genre's names by locale, or null. */
  primary_genre_names: Record<string, string> | null;
  /** Storage key of the first cover, or null. */
  cover_key: string | null;
  /** The original country's and the language's names by locale, or null. */
  original_country_names: Record<string, string> | null;
  language_names: Record<string, string> | null;
  nb_pages: number | null;
}

/** A sheet's display row with its stars of each rating type (null: not rated on it). */
export type SheetListRow = SheetListColumns & { [Type in RatingType as `${Type}_rating`]: number | null };

/** A page of the list: its rows with their positions, the bounded total, and whether rows lie beyond either end. */
export interface BookListPage {
  rows: (SheetListRow & { position: BookListPosition })[];
  /** The number of matches when `exact`; else `COUNT_BOUND`, and there are more ('10,000+'). */
  total: number;
  exact: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
}

/** An author of a sheet, as lists show it (SPEC §3 `authorList`). */
export interface SheetAuthorRef {
  id: number;
  name: string;
}

/** The authors of the sheet `b`, in the sheet's order, as a JSON array of `{ id, name }`. */
export const authorListOf = sql`coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by ba.position, ba.author_id)
  from book_authors ba join authors a on a.id = ba.author_id where ba.book_id = b.id), '[]'::json)`;

/**
 * Ids as one array parameter (`= any(…)`): a page's or an export batch's 2,000 ids cost one
 * parameter to build, send and parse, not 2,000.
 */
const idArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

const and = (conditions: SQL[]): SQL => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/** One column of a sort: its expression, its key's text form and how a text key is read back. */
interface SortColumn {
  /** The sort value of `books b`, or null for the id sort (the id alone). */
  value: SQL | null;
  /** A sort value (of this column) as the text a position holds. */
  text: (value: SQL) => SQL;
  /** A position's text back as a value. */
  cast: (key: string) => SQL;
  nullable: boolean;
}

const SORT_COLUMNS: Record<SheetSort, SortColumn> = {
  id: { value: null, text: () => sql`null::text`, cast: () => sql`null`, nullable: false },
  title: { value: sql`b.original_title`, text: (value) => value, cast: (key) => sql`${key}::text`, nullable: false },
  publication_date: { value: sql`b.publication_date`, text: (value) => sql`${value}::text`, cast: (key) => sql`${key}::date`, nullable: true },
  updated_at: {
    value: sql`b.updated_at`,
    text: (value) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cast: (key) => sql`${key}::timestamptz`,
    nullable: false,
  },
};

/** The text form a position's key must have for each sort (a cursor made for another sort is refused). */
export const SORT_KEY_PATTERNS: Record<SheetSort, RegExp | null> = {
  id: null,
  title: /^[\s\S]{0,1000}$/,
  publication_date: /^\d{4}-\d{2}-\d{2}$/,
  updated_at: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
};

/**
 * The ORDER BY of a sort walked `forward` (the list's order) or backward, with the id as
 * tie-breaker so paging is stable (of `books b`, or of the given value and id columns).
 * Publication dates sort empty last in both directions. Each order
 * walks an index of `books` (migration 0004), backward too.
 */
function orderBy(order: SheetListOrder, forward = true, value?: SQL, id: SQL = sql`b.id`): SQL {
  const asc = (order.direction === 'asc') === forward;
  const dir = sql.raw(asc ? 'asc' : 'desc');
  const column = SORT_COLUMNS[order.sort];
  if (!column.value) return sql`${id} ${dir}`;
  const sortValue = value ?? column.value;
  if (!column.nullable) return sql`${sortValue} ${dir}, ${id} ${dir}`;
  // Empty dates last in the list's order: last forward, first backward.
  const nulls = sql.raw(forward ? 'nulls last' : 'nulls first');
  return sql`${sortValue} ${dir} ${nulls}, ${id} ${dir} ${nulls}`;
}

/**
 * Rows strictly past `position` (same tier) in the sort walked `forward` or backward, as
 * alternatives each an index range (`or` of them would defeat the index): the rows with a sort
 * value past the position's, then (empty dates coming last) the rows with an empty date.
 */
function pastPosition(order: SheetListOrder, position: BookListPosition, forward: boolean): SQL[] {
  const column = SORT_COLUMNS[order.sort];
  const greater = (order.direction === 'asc') === forward;
  const cmp = sql.raw(greater ? '>' : '<');
  if (!column.value) return [sql`b.id ${cmp} ${position.id}`];
  if (!column.nullable) return [sql`(${column.value}, b.id) ${cmp} (${column.cast(position.key ?? '')}, ${position.id})`];
  if (forward) {
    // Forward: dated rows past the key, then every empty date; from an empty date, the empty dates past its id.
    return position.key === null
      ? [sql`${column.value} is null and b.id ${cmp} ${position.id}`]
      : [sql`(${column.value}, b.id) ${cmp} (${column.cast(position.key)}, ${position.id})`, sql`${column.value} is null`];
  }
  // Backward: empty dates (coming first) before the position's id, then every dated row; from a dated row, dated rows only.
  return position.key === null
    ? [sql`${column.value} is null and b.id ${cmp} ${position.id}`, sql`${column.value} is not null`]
    : [sql`(${column.value}, b.id) ${cmp} (${column.cast(position.key)}, ${position.id})`];
}

/** One tier of a list: its condition on the facets row `f` (null for the unfiltered catalogue). */
interface Tier {
  tier: 0 | 1;
  condition: SQL | null;
}

/** A tier's window: at most `limit` rows, skipping `offset`, past `position` when given, walked `forward` or backward. */
interface TierWindow {
  offset: number;
  limit: number;
  position?: BookListPosition | undefined;
  forward: boolean;
}

/**
 * One statement for one tier: its count up to `COUNT_BOUND` + 1 and, given a window, the ids (with
 * their tier and sort key) of its rows in that window. The matches are collected once (`m`, from
 * the facets' GIN and btree indexes) and counted; then the rows come from whichever is cheaper,
 * decided in the statement by one-time filters on the count:
 * - few matches (counted exactly, and count² ≤ (offset + limit) × catalogue): sort `m` itself
 *   (`count` primary-key probes of `books`);
 * - many: walk the sort's index of `books` and keep the rows that match until the window is full
 *   (about (offset + limit) × catalogue / matches probes).
 * A row with a null id carries the count when the window is empty (or not asked for).
 */
function tierStatement(tier: Tier, order: SheetListOrder, window: TierWindow | undefined, known?: number): SQL {
  const limited = COUNT_BOUND + 1;
  if (!window) {
    const from = tier.condition === null ? sql`books b` : sql`book_facets f where ${tier.condition}`;
    return sql`select (select count(*)::int from (select 1 from ${from} limit ${limited}) bounded) as count, null::int as id, null::int as tier, null::text as key`;
  }
  const column = SORT_COLUMNS[order.sort];
  const sorted = orderBy(order, window.forward);
  const value = column.value ?? sql`b.id`;
  const ranges = window.position ? pastPosition(order, window.position, window.forward) : [sql`true`];
  const reach = window.offset + window.limit;
  const count = sql`(select n from counted)`;
  // The sources of the rows, each guarded by a one-time filter so that only one runs.
  const few = sql`${count} <= ${COUNT_BOUND} and ${count}::float8 * ${count} <= ${reach}::float8 * (select greatest(reltuples, 1) from pg_class where oid = 'books'::regclass)`;
  const sources: { guard: SQL; from: SQL }[] =
    tier.condition === null
      ? [{ guard: sql`true`, from: sql`books b` }]
      : [
          { guard: few, from: sql`m join books b on b.id = m.book_id` },
          // The walk, forced: each row of the sort's index probes its facets row (a lateral
          // subquery kept apart), whatever the planner estimates: words that go together ('secret
          // geheimnis', 768 estimated, 12,352 found) made it collect and sort every match instead.
          {
            guard: sql`not (${few})`,
            from: sql`books b cross join lateral (select 1 from book_facets f where f.book_id = b.id and ${tier.condition} offset 0) f`,
          },
        ];
  const branches = sources.flatMap((source) =>
    ranges.map((range, part) => {
      // One range: the window straight from the index; two (empty dates apart): each cut at the window's reach.
      const cut = ranges.length === 1 ? sql`limit ${window.limit} offset ${window.offset}` : sql`limit ${reach}`;
      return sql`(select b.id, ${value} as value, ${part}::int as part from ${source.from} where ${source.guard} and ${range} order by ${sorted} ${cut})`;
    }),
  );
  const rows = sql`select * from (${sql.join(branches, sql` union all `)}) ranged
    order by part, ${orderBy(order, window.forward, sql`ranged.value`, sql`ranged.id`)} ${ranges.length === 1 ? sql`` : sql`limit ${window.limit} offset ${window.offset}`}`;
  // A count known already (an export's, counted once) is not counted again: only the matches the few-branch sorts are collected.
  const counted =
    tier.condition === null
      ? known === undefined
        ? sql`counted as (select count(*)::int as n from (select 1 from books b limit ${limited}) bounded)`
        : sql`counted as (select ${Math.min(known, limited)}::int as n)`
      : known === undefined
        ? sql`m as materialized (select f.book_id from book_facets f where ${tier.condition} limit ${limited}),
        counted as (select count(*)::int as n from m)`
        : sql`m as materialized (select f.book_id from book_facets f where ${known <= COUNT_BOUND ? tier.condition : sql`false`}),
        counted as (select ${Math.min(known, limited)}::int as n)`;
  // The key's text is made for the window's rows only (an offset's skipped rows are never formatted).
  return sql`with ${counted}
    select counted.n as count, p.id, ${tier.tier}::int as tier, ${column.text(sql`p.value`)} as key
    from counted left join (${rows}) p on true
    order by p.part, ${orderBy(order, window.forward, sql`p.value`, sql`p.id`)}`;
}

/** Each rating of a sheet's facets row (`f`) as a display column `<type>_rating` (null: not rated). */
const ratingColumns = sql.join(
  RATING_TYPES.map((type) => sql`f.${sql.raw(type)} as ${sql.raw(`"${type}_rating"`)}`),
  sql`, `,
);

/** The display columns of the given sheets (`books b`). */
function displayRows(ids: readonly number[]): SQL {
  return sql`
    select b.id, b.original_title, b.status_id, s.label as status_label, b.rights_status_id, r.label as rights_status_label,
      to_char(b.publication_date, 'YYYY-MM') as publication_date,
      to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
      ${authorListOf} as "authorList",
      pg.color as primary_genre_color, pg.names as primary_genre_names,
      (select bf.stored_name from book_files bf where bf.book_id = b.id and bf.type = 2 order by bf.position, bf.id limit 1) as cover_key,
      oc.names as original_country_names, lg.names as language_names, b.nb_pages,
      ${ratingColumns}
    from books b
    join book_statuses s on s.id = b.status_id
    join rights_statuses r on r.id = b.rights_status_id
    left join countries oc on oc.id = b.original_country_id
    left join languages lg on lg.id = b.language_id
    -- The ratings from the narrow facets row (one probe by its key), not eight of book_ratings.
    left join book_facets f on f.book_id = b.id
    -- The primary genre once for both of its columns (one probe of book_genres a row, not two).
    left join lateral (select g.color, g.names from book_genres bg join genres g on g.id = bg.genre_id where bg.book_id = b.id and bg.is_primary limit 1) pg on true
    where b.id = any(${idArray(ids)})`;
}

/** The tiers of a list: the catalogue, the matches of `conditions`, or a search's title and author matches then its other matches. */
function tiersOf(conditions: SQL[], search: RankedSearch | undefined): Tier[] {
  if (search) {
    return [
      { tier: 0, condition: and([search.first, ...conditions]) },
      { tier: 1, condition: and([search.rest, ...conditions]) },
    ];
  }
  return [{ tier: 0, condition: conditions.length ? and(conditions) : null }];
}

/** The exact number of rows of a tier (only for an offset past `COUNT_BOUND`, where the next tier starts). */
async function exactCount(db: Db, tier: Tier): Promise<number> {
  const from = tier.condition === null ? sql`books b` : sql`book_facets f where ${tier.condition}`;
  return Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from}`))[0]?.n ?? 0);
}

type Found = { id: number; tier: 0 | 1; key: string | null };

/**
 * Up to `limit` rows in list order (or reverse list order, `forward` false) from the tiers, from a
 * position or an offset, and the tiers' counts (up to the bound; null for a tier not counted).
 * A tier the page does not reach is counted while the tiers counted so far are under the bound:
 * past it the total is '10,000+' whatever the rest holds, and counting the report-only matches of a
 * word most titles hold would walk every match to find none.
 */
async function findRows(
  db: Db,
  tiers: Tier[],
  order: SheetListOrder,
  start: { offset: number; position?: BookListPosition | undefined },
  limit: number,
  forward: boolean,
  /** The tiers' exact counts when known (an export's): no statement counts them again. */
  known?: readonly number[],
): Promise<{ found: Found[]; counts: (number | null)[] }> {
  const found: Found[] = [];
  const counts: (number | null)[] = tiers.map(() => null);
  let offset = start.offset;
  for (const tier of forward ? tiers : [...tiers].reverse()) {
    if (found.length >= limit) break;
    // A position: its own tier from past it, the tiers after it whole, those before it skipped.
    if (start.position && (forward ? tier.tier < start.position.tier : tier.tier > start.position.tier)) continue;
    const position = start.position && tier.tier === start.position.tier ? start.position : undefined;
    const result = rowsOf<Found & { count: number }>(
      await db.execute(tierStatement(tier, order, { offset, limit: limit - found.length, position, forward }, known?.[tier.tier])),
    );
    const count = Number(result[0]?.count ?? 0);
    counts[tier.tier] = count;
    const rows = result.filter((row) => row.id !== null);
    if (rows.length === 0 && offset > 0) {
      // The offset passed this tier: the next one starts after its size (counted exactly past the bound).
      offset -= count <= COUNT_BOUND ? count : await exactCount(db, tier);
      continue;
    }
    found.push(...rows.map((row) => ({ id: Number(row.id), tier: Number(row.tier) as 0 | 1, key: row.key })));
    offset = 0;
  }
  for (const tier of tiers) {
    if (known) break;
    if (counts[tier.tier] !== null) continue;
    const counted = counts.filter((count): count is number => count !== null);
    if (counted.some((count) => count > COUNT_BOUND) || counted.reduce((sum, count) => sum + count, 0) > COUNT_BOUND) break;
    counts[tier.tier] = Number(rowsOf<{ count: number }>(await db.execute(tierStatement(tier, order, undefined)))[0]?.count ?? 0);
  }
  return { found, counts };
}

/**
 * One page of reading sheets matching `conditions` (each on the sheet's `book_facets f` row:
 * server/resources/readingSheets.ts, `SHEET_FILTERS`) and the order's search, in `order` (its
 * search's title and author matches first), with the total counted up to `COUNT_BOUND`. The page
 * is an offset or the rows after (before) a position: keyset paging reaches any depth at the cost
 * of a first page.
 */
export async function listSheets(db: Db, conditions: SQL[], order: SheetListOrder, window: SheetListWindow): Promise<BookListPage> {
  return listSnapshot(db, (tx) => listBooksIn(tx, conditions, order, window));
}

/**
 * One read-only snapshot, so the counts, the page and its rows agree; and no parallel workers:
 * starting them cost more than the index walks of a page they would share (and a guarded-off
 * branch of a statement started them all the same).
 */
function listSnapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return read(tx as unknown as Db);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Where an export's batch stands: the rows it takes, in the list's order, and whether more follow. */
export interface SheetBatch {
  found: readonly (BookListPosition & { id: number })[];
  hasNext: boolean;
}

/**
 * The rows of one batch of an export (server/sheets/sheetListService.ts `sheetExportSource`): up
 * to `limit` positions in the list's order after `after` (from the first without), and whether more
 * follow; their display columns are read apart (`sheetBatchRows`), so that the next batch's
 * positions are known while this one's columns are read. The tiers' exact counts (`countSheetTiers`,
 * counted once for the export) are given, so no batch counts again.
 */
export async function findSheetBatch(
  db: Db,
  conditions: SQL[],
  order: SheetListOrder,
  after: BookListPosition | undefined,
  limit: number,
  counts: readonly number[],
): Promise<SheetBatch> {
  return listSnapshot(db, async (tx) => {
    const { found } = await findRows(tx, tiersOf(conditions, order.search), order, { offset: 0, position: after }, limit + 1, true, counts);
    return { found: found.slice(0, limit), hasNext: found.length > limit };
  });
}

/** The display columns of a batch's rows, in its order, each with its position (a row deleted since is left out). */
export async function sheetBatchRows(db: Db, batch: SheetBatch): Promise<BookListPage['rows']> {
  return listSnapshot(db, (tx) => withDisplay(tx, batch.found));
}

/** The display columns of the rows found, in their order, each with its position. */
async function withDisplay(db: Db, found: readonly Found[]): Promise<BookListPage['rows']> {
  if (found.length === 0) return [];
  const byId = new Map(rowsOf<SheetListRow>(await db.execute(displayRows(found.map((row) => row.id)))).map((row) => [Number(row.id), row]));
  return found.flatMap((position) => {
    const row = byId.get(position.id);
    return row ? [{ ...row, position }] : [];
  });
}

async function listBooksIn(db: Db, conditions: SQL[], order: SheetListOrder, window: SheetListWindow): Promise<BookListPage> {
  const tiers = tiersOf(conditions, order.search);
  // One row more than the page tells whether rows lie beyond it.
  let found: Found[];
  let counts: (number | null)[];
  let hasNext: boolean;
  let hasPrevious: boolean;
  if ('before' in window) {
    ({ found, counts } = await findRows(db, tiers, order, { offset: 0, position: window.before }, window.limit + 1, false));
    hasPrevious = found.length > window.limit;
    found = found.slice(0, window.limit).reverse();
    hasNext = true;
  } else {
    const start = 'after' in window ? { offset: 0, position: window.after } : { offset: window.offset };
    ({ found, counts } = await findRows(db, tiers, order, start, window.limit + 1, true));
    hasNext = found.length > window.limit;
    found = found.slice(0, window.limit);
    hasPrevious = 'after' in window || window.offset > 0;
  }
  const counted = counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
  const exact = counts.every((count) => count !== null) && counted <= COUNT_BOUND;
  const total = exact ? counted : COUNT_BOUND;
  if (found.length === 0) return { rows: [], total, exact, hasNext: false, hasPrevious };
  return { rows: await withDisplay(db, found), total, exact, hasNext, hasPrevious };
}

/** The exact number of matches of each tier of the list (an export says how many rows it writes, and its batches take them; a page never counts past `COUNT_BOUND`). */
export async function countSheetTiers(db: Db, conditions: SQL[], search: RankedSearch | undefined): Promise<number[]> {
  const counts: number[] = [];
  for (const tier of tiersOf(conditions, search)) counts[tier.tier] = await exactCount(db, tier);
  return counts;
}
