import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../client.js';
import type { Paging } from '../../pagingColumns.js';
import { authorListOf, COUNT_BOUND, type SheetAuthorRef } from './sheetListRepository.js';
import { rowsOf } from '../engine/rowsOf.js';

/** A reading-sheet option: id, original title and authors (pickers of other screens). */
export interface SheetOptionRow {
  id: number;
  original_title: string;
  authorList: SheetAuthorRef[];
}

/** A comma-separated list of bound parameters, for `in (…)`. */
const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const whereClause = (conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);

/**
 * Reading-sheet options: id, original title and the authors, searched like the list (titles,
 * authors, report), newest first; the total counted up to `COUNT_BOUND`. `ids` restricts to those
 * sheets (a picker's current values).
 */
export async function listSheetOptions(
  db: Db,
  options: { conditions: SQL[]; ids?: number[] | undefined; paging: Paging },
): Promise<{ rows: SheetOptionRow[]; total: number }> {
  const conditions = [...options.conditions];
  if (options.ids?.length) conditions.push(sql`f.book_id in (${list(options.ids)})`);
  const where = whereClause(conditions);
  const { perPage, offset } = options.paging;
  const [page, count] = await Promise.all([
    db.execute(sql`
      select b.id, b.original_title, ${authorListOf} as "authorList"
      from (select b.id from books b join book_facets f on f.book_id = b.id ${where} order by b.updated_at desc, b.id desc limit ${perPage} offset ${offset}) page
      join books b on b.id = page.id
      order by b.updated_at desc, b.id desc`),
    // Counted up to the bound, like the list: a picker pages on, it never needs more.
    db.execute(sql`select count(*)::int as total from (select 1 from book_facets f ${where} limit ${COUNT_BOUND}) bounded`),
  ]);
  return { rows: rowsOf<SheetOptionRow>(page), total: Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0) };
}
