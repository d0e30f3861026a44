import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';

/** One list of a record's stored files in a table (a row a file), as the repository reads and writes it (drizzle property names of `table`). */
export interface FileListTable {
  table: PgTable;
  owner: string;
  position: string;
  /** The rows of this list among the table's: `column` holds `value`. */
  kind?: { column: string; value: number };
  /** A file's columns: its original name, storage key, size and type. */
  stores: { name: string; key: string; size: string; mime: string };
}

/** A stored file of a list, as read. */
interface StoredFileRow {
  ownerId: number;
  id: number;
  name: string;
  key: string;
  size: number;
  mime: string;
}

/** A new file of a list: its original name, storage key, size and type. */
type NewStoredFile = Omit<StoredFileRow, 'ownerId' | 'id'>;

const columnOf = (table: PgTable, property: string): PgColumn => {
  const column = (table as unknown as Record<string, PgColumn | undefined>)[property];
  if (!column) throw new Error(`The file list's table has no column ${property}`);
  return column;
};

/** Rows of the list of `ownerIds` (a list sharing its table with others: only its kind). */
function ofList(list: FileListTable, ownerIds: readonly number[]): SQL {
  const owners = inArray(columnOf(list.table, list.owner), [...ownerIds]);
  return list.kind ? and(owners, eq(columnOf(list.table, list.kind.column), list.kind.value))! : owners;
}

/** The files of several records' lists, by owner then place. */
async function readFileList(db: Db, list: FileListTable, ownerIds: readonly number[]): Promise<StoredFileRow[]> {
  if (ownerIds.length === 0) return [];
  const owner = columnOf(list.table, list.owner);
  const rows = await db
    .select({
      ownerId: owner,
      id: columnOf(list.table, 'id'),
      name: columnOf(list.table, list.stores.name),
      key: columnOf(list.table, list.stores.key),
      size: columnOf(list.table, list.stores.size),
      mime: columnOf(list.table, list.stores.mime),
    })
    .from(list.table)
    .where(ofList(list, ownerIds))
    .orderBy(asc(owner), asc(columnOf(list.table, list.position)), asc(columnOf(list.table, 'id')));
  return rows.map((row) => ({ ...row, ownerId: Number(row.ownerId), id: Number(row.id), size: Number(row.size) }) as StoredFileRow);
}

/** How many files a record's list holds. */
async function countFileList(db: Db, list: FileListTable, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(list.table)
    .where(ofList(list, [ownerId]));
  return Number(row?.total ?? 0);
}

/** Deletes a record's files of the list; their storage keys (to remove once the transaction committed). */
async function clearFileList(db: Db, list: FileListTable, ownerId: number): Promise<string[]> {
  const key = columnOf(list.table, list.stores.key);
  const rows = await db
    .delete(list.table)
    .where(ofList(list, [ownerId]))
    .returning({ key });
  return rows.map((row) => String(row.key));
}

/** Adds files to a record's list, after every file of the record in the table (whatever its list). */
async function addToFileList(db: Db, list: FileListTable, ownerId: number, files: readonly NewStoredFile[]): Promise<void> {
  if (files.length === 0) return;
  const owner = columnOf(list.table, list.owner);
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${columnOf(list.table, list.position)}), -1)` })
    .from(list.table)
    .where(eq(owner, ownerId));
  const start = Number(row?.last ?? -1) + 1;
  await db.insert(list.table).values(
    files.map((file, i) => ({
      [list.owner]: ownerId,
      ...(list.kind ? { [list.kind.column]: list.kind.value } : {}),
      [list.stores.name]: file.name,
      [list.stores.key]: file.key,
      [list.stores.size]: file.size,
      [list.stores.mime]: file.mime,
      [list.position]: start + i,
    })) as never,
  );
}

/** Removes one file of a record from a list's table, whatever its list; its storage key, or undefined when the record has no such file. */
async function removeListedFile(db: Db, list: FileListTable, ownerId: number, fileId: number): Promise<string | undefined> {
  const key = columnOf(list.table, list.stores.key);
  const [row] = await db
    .delete(list.table)
    .where(and(eq(columnOf(list.table, list.owner), ownerId), eq(columnOf(list.table, 'id'), fileId)))
    .returning({ key });
  return row ? String(row.key) : undefined;
}

/**
 * The reads and writes of records' file lists, each meant to run in the transaction of a save.
 * One object, so that a test can make a single step fail mid-save
 * (`vi.spyOn(fileListRepository, 'addToFileList')`).
 */
export const fileListRepository = { readFileList, countFileList, clearFileList, addToFileList, removeListedFile };
