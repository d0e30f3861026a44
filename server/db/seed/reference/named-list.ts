import type { Db } from '../../client.js';
import type { audiences } from '../../schema/reference.js';
import { searchTextOf, type NamedEntry } from './names.js';
import { syncIdSequence, upsertRows } from './upsert.js';

/** Any of the tables built by `namedList` in the schema (id, names, search_text). */
export type NamedListTable = typeof audiences;

/** Upserts a translatable list by its fixed ids, fills `search_text`, then syncs the id sequence. */
export async function seedNamedList(db: Db, table: NamedListTable, entries: readonly NamedEntry[]): Promise<void> {
  const rows = entries.map(({ id, names }) => ({ id, names, searchText: searchTextOf(names) }));
  await upsertRows(db, table, table.id, rows);
  await syncIdSequence(db, table);
}
