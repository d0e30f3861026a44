import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { rowsOf } from '../engine/rowsOf.js';

/** Those of `ids` whose sheet matches `within`, a condition on its `book_facets f` row (a reader's rows). */
export async function sheetsWithin(db: Db, ids: readonly number[], within: SQL): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`select f.book_id as id from book_facets f where f.book_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${within}`,
    ),
  );
  return new Set(rows.map((row) => Number(row.id)));
}
