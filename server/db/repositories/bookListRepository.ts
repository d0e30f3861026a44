import { sql, type SQL } from 'drizzle-orm';
import type { Paging } from '../../http/paging.js';
import type { Db } from '../client.js';
import { rowsOf } from './rowsOf.js';

/** Columns a reading-sheet list can be sorted by (API names). */
export const BOOK_SORTS = ['id', 'title', 'publication_date', 'updated_at'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

export interface BookListOrder {
  sort: BookSort;
  direction: SortDirection;
}

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

/**
 * The ORDER BY of a sort, with the id as tie-breaker so paging is stable. Publication dates sort
 * empty last in both directions. Each order walks an index of `books` (migration 0003).
 */
function orderBy(order: BookListOrder): SQL {
  const dir = sql.raw(order.direction);
  switch (order.sort) {
    case 'id':
      return sql`b.id ${dir}`;
    case 'title':
      return sql`b.original_title ${dir}, b.id ${dir}`;
    case 'publication_date':
      return order.direction === 'asc' ? sql`b.publication_date asc nulls last, b.id asc` : sql`b.publication_date desc nulls last, b.id desc nulls last`;
    case 'updated_at':
      return sql`b.updated_at ${dir}, b.id ${dir}`;
  }
}

/** The display columns of the page's rows (`books b`), from the ids of `page` in the sort's order. */
function displayRows(pageIds: SQL, sorted: SQL): SQL {
  return sql`
    select b.id, b.original_title, b.status_id, s.label as status_label, b.rights_status_id, r.label as rights_status_label,
      to_char(b.publication_date, 'YYYY-MM') as publication_date,
      to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
      coalesce((select array_agg(a.name order by ba.position, ba.author_id) from book_authors ba join authors a on a.id = ba.author_id
        where ba.book_id = b.id), '{}') as authors,
      (select g.color from book_genres bg join genres g on g.id = bg.genre_id where bg.book_id = b.id and bg.is_primary) as primary_genre_color,
      (select g.names from book_genres bg join genres g on g.id = bg.genre_id where bg.book_id = b.id and bg.is_primary) as primary_genre_names,
      (select bf.stored_name from book_files bf where bf.book_id = b.id and bf.type = 2 order by bf.position, bf.id limit 1) as cover_key
    from (${pageIds}) page
    join books b on b.id = page.id
    join book_statuses s on s.id = b.status_id
    join rights_statuses r on r.id = b.rights_status_id
    order by ${sorted}`;
}

/** Unfiltered list, page: the sort's index walked to the offset (index-only), then the page's rows. */
export function bookPageQuery(order: BookListOrder, paging: Paging): SQL {
  const sorted = orderBy(order);
  return displayRows(sql`select b.id from books b order by ${sorted} limit ${paging.perPage} offset ${paging.offset}`, sorted);
}

/** Unfiltered list, total. */
export const bookCountQuery = (): SQL => sql`select count(*)::int as total from books b`;

/**
 * Filtered list: total and page in one statement. The matches are collected once (`m`: the GIN,
 * trigram and btree indexes of `book_facets`, mostly index-only) and counted; then the
 * page comes from whichever is cheaper, decided in the statement by one-time filters:
 * - few matches: sort the matches themselves (`total` primary-key probes);
 * - many matches: walk the sort's index and keep the rows that match, stopping at the page's end
 *   (about (offset + perPage) × books / total probes).
 * Walking when the matches are few would probe thousands of rows for 10 (a rare genre); sorting
 * the matches when they are many would sort tens of thousands. The row with a null id carries the
 * total when the page is empty.
 */
export function bookFilteredQuery(conditions: SQL[], order: BookListOrder, paging: Paging): SQL {
  const sorted = orderBy(order);
  const where = whereClause(conditions);
  const reach = paging.offset + paging.perPage;
  const few = sql`(select total from counted)::float8 * (select total from counted) <= ${reach}::float8 * (select greatest(reltuples, 0) from pg_class where oid = 'books'::regclass)`;
  const pageIds = sql`
    (select b.id from m join books b on b.id = m.book_id where ${few} order by ${sorted} limit ${paging.perPage} offset ${paging.offset})
    union all
    (select b.id from books b join book_facets f on f.book_id = b.id ${where} and not (${few}) order by ${sorted} limit ${paging.perPage} offset ${paging.offset})`;
  return sql`
    with m as materialized (select f.book_id from book_facets f ${where}),
      counted as (select count(*)::int as total from m)
    select counted.total, rows.* from counted left join (${displayRows(pageIds, sorted)}) rows on true`;
}

/**
 * One page of reading sheets and the total matching `conditions` (each on the sheet's
 * `book_facets f` row: server/resources/readingSheets.ts, `BOOK_FILTERS`).
 * Unfiltered: the page and the count run side by side (two pooled connections on PostgreSQL;
 * PGlite runs them in turn). Filtered: one statement (`bookFilteredQuery`).
 */
export async function listBooks(
  db: Db,
  conditions: SQL[],
  order: BookListOrder,
  paging: Paging,
): Promise<{ rows: BookListRow[]; total: number }> {
  if (conditions.length === 0) {
    const [page, count] = await Promise.all([db.execute(bookPageQuery(order, paging)), db.execute(bookCountQuery())]);
    return { rows: rowsOf<BookListRow>(page), total: Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0) };
  }
  const rows = rowsOf<BookListRow & { total: number }>(await db.execute(bookFilteredQuery(conditions, order, paging)));
  return {
    rows: rows.filter((row) => row.id !== null).map(({ total: _total, ...row }) => row),
    total: Number(rows[0]?.total ?? 0),
  };
}

/**
 * Reading-sheet options: id, original title and the authors, searched like the list (title in any
 * locale, original title, author names), newest first. `ids` restricts to those sheets (a picker's
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
    db.execute(sql`select count(*)::int as total from book_facets f ${where}`),
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
