import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';
import { bookFiles, books, news, pendingUploads } from '../../schema/index.js';

/** A column holding storage keys, and the storage folder its keys are generated under. */
export interface StoredFileColumn {
  column: PgColumn;
  /** First segment of its keys (`generateKey(folder, …)`). */
  folder: string;
}

/**
 * Every column that holds storage keys: the one list the upload cleanup trusts to know which
 * stored files a record still needs. A new file column must be added here, or the cleanup would
 * remove its files; tests/server/upload-cleanup.test.ts fails for a database column that looks
 * like a storage key and is missing. The cleanup only walks these folders.
 */
export const STORED_FILE_COLUMNS: readonly StoredFileColumn[] = [
  { column: bookFiles.storedName, folder: 'books' },
  { column: books.manuscriptStoredName, folder: 'books' },
  { column: news.image, folder: 'news' },
];

/** The storage folders of STORED_FILE_COLUMNS, each once. */
export const STORED_FILE_FOLDERS: readonly string[] = [...new Set(STORED_FILE_COLUMNS.map((entry) => entry.folder))];

/** Largest number of keys checked by one statement. */
export const KEYS_PER_CHECK = 500;

/**
 * Those of `keys` that a record refers to or that are pending, checked by one statement so that
 * a save committing meanwhile (its pending row deleted, its record written) is seen either
 * before or after, never half-way.
 */
export async function keysInUse(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  if (keys.length > KEYS_PER_CHECK) throw new Error(`keysInUse checks at most ${KEYS_PER_CHECK} keys at once`);
  const candidates = sql.join(
    keys.map((key) => sql`(${key}::text)`),
    sql`, `,
  );
  const uses = [pendingUploads.key, ...STORED_FILE_COLUMNS.map((entry) => entry.column)].map(
    (column) => sql`exists (select 1 from ${column.table} where ${column} = candidate.key)`,
  );
  const result = await db.execute(sql`select candidate.key from (values ${candidates}) as candidate(key) where ${sql.join(uses, sql` or `)}`);
  return new Set((result as unknown as { rows: { key: string }[] }).rows.map((row) => row.key));
}
