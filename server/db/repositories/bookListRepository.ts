import { sql, type SQL } from 'drizzle-orm';
import type { Paging } from '../../http/paging.js';
import type { Db } from '../client.js';
import { rowsOf } from './rowsOf.js';

/** Columns a reading-sheet list can be sorted by (API names). */
export const BOOK_SORTS = ['id', 'title', 'publication_date', 'updated_at'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

/**
 * Counts stop here: a list knows its exact total up to this many matches, and past it only that
 * there are more ('10,000+'), so no count ever walks a large match set (docs/books-list.md).
 */
export const COUNT_BOUND = 10_000;

export interface BookListOrder {
  sort: BookSort;
  direction: SortDirection;
  /**
   * A condition on the sheet's facets row (`f`) whose matches come first (a free-text search
   * matching the titles and authors, before those matching only in the report); the sort orders
   * within each tier.
   */
  rank?: SQL | undefined;
}

/**
 * Where a row stands in a list's order: its tier (0: the rank's matches, 1: the others; 0 without
 * a rank), its sort value as text (null for an empty publication date; unused for the id sort) and
 * its id. Keyset paging continues after or before one.
 */
export interface BookListPosition {
  tier: 0 | 1;
  key: string | null;
  id: number;
}

/** Which page: `offset`/`limit`, or the `limit` rows after (or before) a position. */
export type BookListWindow = { offset: number; limit: number } | { after: BookListPosition; limit: number } | { before: BookListPosition; limit: number };

/** One row of the list, as the database gives it (the service adds URLs). */
export interface BookListRow {
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
  authors: string[];
  primary_genre_color: string | null;
  /** The primary genre's names by locale, or null. */
  primary_genre_names: Record<string, string> | null;
  /** Storage key of the first cover, or null. */
  cover_key: string | null;
}

/** A page of the list: its rows with their positions, the bounded total, and whether rows lie beyond either end. */
export interface BookListPage {
  rows: (BookListRow & { position: BookListPosition })[];
  /** The number of matches, exact when `exact`, else at least `COUNT_BOUND` + 1. */
  total: number;
  exact: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
}

/** A reading-sheet option: id, original title and authors (pickers of other screens). */
export interface BookOptionRow {
  id: number;
  original_title: string;
  authorList: { id: number; name: string }[];
}

/** A comma-separated list of bound parameters, for `in (…)`. */
const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const whereClause = (conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);

const and = (conditions: SQL[]): SQL => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/** One column of a sort: its expression, its key's text form and how a text key is read back. */
interface SortColumn {
  /** The sort value of `books b`, or null for the id sort (the id alone). */
  value: SQL | null;
  /** The value as the text a position holds. */
  text: SQL;
  /** A position's text back as a value. */
  cast: (key: string) => SQL;
  nullable: boolean;
}

const SORT_COLUMNS: Record<BookSort, SortColumn> = {
  id: { value: null, text: sql`null::text`, cast: () => sql`null`, nullable: false },
  title: { value: sql`b.original_title`, text: sql`b.original_title`, cast: (key) => sql`${key}::text`, nullable: false },
  publication_date: { value: sql`b.publication_date`, text: sql`b.publication_date::text`, cast: (key) => sql`${key}::date`, nullable: true },
  updated_at: {
    value: sql`b.updated_at`,
    text: sql`to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cast: (key) => sql`${key}::timestamptz`,
    nullable: false,
  },
};

/** The text form a position's key must have for each sort (a cursor made for another sort is refused). */
export const SORT_KEY_PATTERNS: Record<BookSort, RegExp | null> = {
  id: null,
  title: /^[\s\S]{0,1000}$/,
  publication_date: /^\d{4}-\d{2}-\d{2}$/,
  updated_at: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
};

/**
 * The ORDER BY of a sort walked `forward` (the list's order) or backward, with the id as
 * tie-breaker so paging is stable (of `books b`, or of the given value and id columns). Publication dates sort empty last in both directions. Each order
 * walks an index of `books` (migration 0004), backward too.
 */
function orderBy(order: BookListOrder, forward = true, value?: SQL, id: SQL = sql`b.id`): SQL {
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
function pastPosition(order: BookListOrder, position: BookListPosition, forward: boolean): SQL[] {
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

/**
 * One tier of a list: its condition on the facets row `f` (null for the unfiltered catalogue) and
 * its count up to `COUNT_BOUND` + 1, or null when it was not counted (a later tier, once the tiers
 * before it passed the bound).
 */
interface Tier {
  tier: 0 | 1;
  condition: SQL | null;
  count: number | null;
}

const bounded = (from: SQL) => sql`(select count(*)::int from (${from} limit ${COUNT_BOUND + 1}) bounded)`;

/**
 * The ids (with their tier and sort key) of at most `limit` rows of one tier, skipping `offset`,
 * past `position` when given, in the sort walked `forward` or backward. Few matches (an exact
 * count small against the catalogue) are collected from the facets' indexes and sorted; many are
 * found by walking the sort's index of `books`, keeping the rows that match, until the page is full
 * (about (offset + limit) × catalogue / matches probes).
 */
function tierQuery(
  tier: Tier,
  order: BookListOrder,
  catalogue: number,
  window: { offset: number; limit: number; position?: BookListPosition | undefined; forward: boolean },
): SQL {
  const column = SORT_COLUMNS[order.sort];
  const sorted = orderBy(order, window.forward);
  const select = sql`select b.id, ${tier.tier}::int as tier, ${column.text} as key`;
  const ranges = window.position ? pastPosition(order, window.position, window.forward) : [sql`true`];
  const reach = window.offset + window.limit;
  const few = tier.condition !== null && tier.count !== null && tier.count <= COUNT_BOUND && tier.count * tier.count <= reach * catalogue;
  const from = (range: SQL) =>
    tier.condition === null
      ? sql`from books b where ${range}`
      : few
        ? sql`from m join books b on b.id = m.book_id where ${range}`
        : sql`from books b join book_facets f on f.book_id = b.id where ${tier.condition} and ${range}`;
  const paged =
    ranges.length === 1
      ? sql`${select} ${from(ranges[0]!)} order by ${sorted} limit ${window.limit} offset ${window.offset}`
      : // Two index ranges one after the other: each cut at the page's reach, then put in order
        // again (an append of subqueries keeps no order of its own) and paged.
        sql`select id, tier, key from (${sql.join(
          ranges.map((range, part) => sql`(${select}, ${part}::int as part, ${column.value ?? sql`b.id`} as value ${from(range)} order by ${sorted} limit ${reach})`),
          sql` union all `,
        )}) ranged order by part, ${orderBy(order, window.forward, sql`ranged.value`, sql`ranged.id`)} limit ${window.limit} offset ${window.offset}`;
  return few ? sql`with m as materialized (select f.book_id from book_facets f where ${tier.condition}) ${paged}` : paged;
}

/** The display columns of the given sheets (`books b`). */
function displayRows(ids: readonly number[]): SQL {
  return sql`
    select b.id, b.original_title, b.status_id, s.label as status_label, b.rights_status_id, r.label as rights_status_label,
      to_char(b.publication_date, 'YYYY-MM') as publication_date,
      to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
      coalesce((select array_agg(a.name order by ba.position, ba.author_id) from book_authors ba join authors a on a.id = ba.author_id
        where ba.book_id = b.id), '{}') as authors,
      (select g.color from book_genres bg join genres g on g.id = bg.genre_id where bg.book_id = b.id and bg.is_primary) as primary_genre_color,
      (select g.names from book_genres bg join genres g on g.id = bg.genre_id where bg.book_id = b.id and bg.is_primary) as primary_genre_names,
      (select bf.stored_name from book_files bf where bf.book_id = b.id and bf.type = 2 order by bf.position, bf.id limit 1) as cover_key
    from books b
    join book_statuses s on s.id = b.status_id
    join rights_statuses r on r.id = b.rights_status_id
    where b.id in (${list(ids)})`;
}

/**
 * The tiers of a list and their bounded counts, in one statement: the catalogue (no condition),
 * the matches of `conditions`, or, with a rank, the matches that satisfy it then those that do not.
 * Each count stops at `COUNT_BOUND` + 1 rows, and the second tier is only counted while the first
 * is under the bound: once the total is '10,000+', counting the report-only matches of a word most
 * titles hold would walk every match to find none. Also the catalogue's row estimate, for choosing
 * how each tier's page is found.
 */
async function tiersOf(db: Db, conditions: SQL[], rank: SQL | undefined): Promise<{ tiers: Tier[]; catalogue: number }> {
  const matches = conditions.length ? and(conditions) : null;
  const conditionsOf: (SQL | null)[] = rank ? [and([...conditions, rank]), and([...conditions, sql`not (${rank})`])] : [matches];
  const [first, second] = conditionsOf.map((condition) =>
    bounded(condition === null ? sql`select 1 from books b` : sql`select 1 from book_facets f where ${condition}`),
  );
  const row = rowsOf<{ catalogue: number; first: number; second: number | null }>(
    await db.execute(sql`with first as (select ${first} as n)
      select (select greatest(reltuples, 0)::float8 from pg_class where oid = 'books'::regclass) as catalogue, first.n as first,
        ${second ? sql`case when first.n <= ${COUNT_BOUND} then ${second} end` : sql`null::int`} as second
      from first`),
  )[0]!;
  const counts = [Number(row.first), row.second === null ? null : Number(row.second)];
  return {
    tiers: conditionsOf.map((condition, index) => ({ tier: index as 0 | 1, condition, count: counts[index] ?? null })),
    catalogue: Math.max(Number(row.catalogue), 1),
  };
}

/** The exact number of rows of a tier (only for an offset past `COUNT_BOUND`, where the next tier starts). */
async function exactCount(db: Db, tier: Tier): Promise<number> {
  const from = tier.condition === null ? sql`books b` : sql`book_facets f where ${tier.condition}`;
  return Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from}`))[0]?.n ?? 0);
}

type Found = { id: number; tier: 0 | 1; key: string | null };

/** Up to `limit` rows in list order (or reverse list order, `forward` false) from the tiers, from a position or an offset. */
async function findRows(
  db: Db,
  tiers: Tier[],
  order: BookListOrder,
  catalogue: number,
  start: { offset: number; position?: BookListPosition | undefined },
  limit: number,
  forward: boolean,
): Promise<Found[]> {
  const found: Found[] = [];
  let offset = start.offset;
  const walk = forward ? tiers : [...tiers].reverse();
  for (const tier of walk) {
    if (found.length >= limit) break;
    // A position: its own tier from past it, the tiers after it whole, those before it skipped.
    if (start.position && (forward ? tier.tier < start.position.tier : tier.tier > start.position.tier)) continue;
    const position = start.position && tier.tier === start.position.tier ? start.position : undefined;
    // An offset skips whole tiers: their size is their count, exact up to the bound, else counted
    // now (an offset past the bound). A tier not counted is the last one: the offset applies within it.
    if (!position && offset > 0 && tier.count !== null) {
      const size = tier.count <= COUNT_BOUND || offset <= COUNT_BOUND ? tier.count : await exactCount(db, tier);
      if (offset >= size) {
        offset -= size;
        continue;
      }
    }
    if (tier.count === 0) continue;
    const rows = rowsOf<Found>(await db.execute(tierQuery(tier, order, catalogue, { offset, limit: limit - found.length, position, forward })));
    found.push(...rows.map((row) => ({ id: Number(row.id), tier: Number(row.tier) as 0 | 1, key: row.key })));
    offset = 0;
  }
  return found;
}

/**
 * One page of reading sheets matching `conditions` (each on the sheet's `book_facets f` row:
 * server/resources/readingSheets.ts, `BOOK_FILTERS`), in `order` (its rank's matches first), with
 * the total counted up to `COUNT_BOUND`. The page is an offset or the rows after (before) a
 * position: keyset paging reaches any depth at the cost of a first page.
 */
export async function listBooks(db: Db, conditions: SQL[], order: BookListOrder, window: BookListWindow): Promise<BookListPage> {
  const { tiers, catalogue } = await tiersOf(db, conditions, order.rank);
  const counted = tiers.reduce((sum, tier) => sum + (tier.count ?? 0), 0);
  const exact = tiers.every((tier) => tier.count !== null) && counted <= COUNT_BOUND;
  const total = exact ? counted : Math.max(counted, COUNT_BOUND + 1);
  // One row more than the page tells whether rows lie beyond it.
  let found: Found[];
  let hasNext: boolean;
  let hasPrevious: boolean;
  if ('before' in window) {
    found = await findRows(db, tiers, order, catalogue, { offset: 0, position: window.before }, window.limit + 1, false);
    hasPrevious = found.length > window.limit;
    found = found.slice(0, window.limit).reverse();
    hasNext = true;
  } else {
    const start = 'after' in window ? { offset: 0, position: window.after } : { offset: window.offset };
    found = await findRows(db, tiers, order, catalogue, start, window.limit + 1, true);
    hasNext = found.length > window.limit;
    found = found.slice(0, window.limit);
    hasPrevious = 'after' in window || window.offset > 0;
  }
  if (found.length === 0) return { rows: [], total, exact, hasNext: false, hasPrevious };
  const byId = new Map(rowsOf<BookListRow>(await db.execute(displayRows(found.map((row) => row.id)))).map((row) => [Number(row.id), row]));
  const rows = found.flatMap((position) => {
    const row = byId.get(position.id);
    return row ? [{ ...row, position }] : [];
  });
  return { rows, total, exact, hasNext, hasPrevious };
}

/**
 * Reading-sheet options: id, original title and the authors, searched like the list (titles,
 * authors, report), newest first; the total counted up to `COUNT_BOUND`. `ids` restricts to those sheets (a picker's
 * current values).
 */
export async function listBookOptions(
  db: Db,
  options: { conditions: SQL[]; ids?: number[] | undefined; paging: Paging },
): Promise<{ rows: BookOptionRow[]; total: number }> {
  const conditions = [...options.conditions];
  if (options.ids?.length) conditions.push(sql`f.book_id in (${list(options.ids)})`);
  const where = whereClause(conditions);
  const { perPage, offset } = options.paging;
  const [page, count] = await Promise.all([
    db.execute(sql`
      select b.id, b.original_title,
        coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by ba.position, ba.author_id)
          from book_authors ba join authors a on a.id = ba.author_id where ba.book_id = b.id), '[]'::json) as "authorList"
      from (select b.id from books b join book_facets f on f.book_id = b.id ${where} order by b.updated_at desc, b.id desc limit ${perPage} offset ${offset}) page
      join books b on b.id = page.id
      order by b.updated_at desc, b.id desc`),
    // Counted up to the bound, like the list: a picker pages on, it never needs more.
    db.execute(sql`select count(*)::int as total from (select 1 from book_facets f ${where} limit ${COUNT_BOUND}) bounded`),
  ]);
  return { rows: rowsOf<BookOptionRow>(page), total: Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0) };
}

/** The storage keys a sheet holds (its files and its manuscript); undefined when there is no such sheet. */
export async function bookStoredKeys(db: Db, id: number, options: { lock?: boolean } = {}): Promise<string[] | undefined> {
  // Locking the sheet first keeps a concurrent save from adding a file between this read and the delete.
  const sheet = rowsOf<{ key: string | null }>(
    await db.execute(sql`select manuscript_stored_name as key from books where id = ${id} ${options.lock ? sql`for update` : sql``}`),
  );
  if (sheet.length === 0) return undefined;
  const files = rowsOf<{ key: string }>(await db.execute(sql`select stored_name as key from book_files where book_id = ${id} order by id`));
  return [...sheet, ...files].map((row) => row.key).filter((key): key is string => Boolean(key));
}

/** How many requests (demands) point at the sheet: such a sheet cannot be deleted. */
export async function countBookDemands(db: Db, id: number): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from demands where book_id = ${id}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Deletes the sheet; its owned rows cascade. True when a row was deleted. */
export async function deleteBook(db: Db, id: number): Promise<boolean> {
  const result = await db.execute(sql`delete from books where id = ${id} returning id`);
  return rowsOf<{ id: number }>(result).length > 0;
}
