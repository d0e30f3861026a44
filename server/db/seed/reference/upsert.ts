import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Inserts `rows` in one statement; a row that already exists (same `target`) gets the values
 * of the other given columns, and is only rewritten when one of them differs, so a rerun
 * with unchanged data writes nothing.
 */
export async function upsertRows<T extends PgTable>(db: Db, table: T, target: PgColumn | PgColumn[], rows: readonly T['$inferInsert'][]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const targetNames = new Set([target].flat().map((column) => column.name));
  const updated = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([key, column]) => key in first && !targetNames.has(column.name));
  const insert = db.insert(table).values(rows as T['$inferInsert'][]);
  if (updated.length === 0) {
    await insert.onConflictDoNothing({ target });
    return;
  }
  const excluded = (column: PgColumn) => sql.raw(`excluded.${quote(column.name)}`);
  const current = sql.join(
    updated.map(([, column]) => sql.raw(`${quote(getTableName(table))}.${quote(column.name)}`)),
    sql`, `,
  );
  const incoming = sql.join(
    updated.map(([, column]) => excluded(column)),
    sql`, `,
  );
  await insert.onConflictDoUpdate({
    target,
    set: Object.fromEntries(updated.map(([key, column]) => [key, excluded(column)])) as PgUpdateSetSource<T>,
    setWhere: sql`row(${current}) is distinct from row(${incoming})`,
  });
}

/**
 * Moves the `id` serial sequence of `table` past the highest id, after rows were inserted
 * with explicit ids, so later inserts by the application do not collide. Never moves it back.
 */
export async function syncIdSequence(db: Db, table: PgTable): Promise<void> {
  const name = getTableName(table);
  await db.execute(sql`
    select setval(pg_get_serial_sequence(${name}, 'id'), top.id)
    from (select max(id) as id from ${table}) as top
    where top.id > coalesce(pg_sequence_last_value(pg_get_serial_sequence(${name}, 'id')::regclass), 0)
  `);
}
