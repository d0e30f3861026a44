import type { Db } from '../db/client.js';
import { findUtilityRow, listUtilityRows } from '../db/repositories/engine/utilityListRepository.js';
import { notFound } from '../http/errors.js';
import { utilityEntry, type UtilityList } from './utilityLists.js';
import { parseId } from './resourceService.js';

/** Every entry of a fixed list (`GET admin/utilities/{name}`), ordered by id. */
export async function listUtilityEntries(db: Db, list: UtilityList): Promise<Record<string, unknown>[]> {
  return (await listUtilityRows(db, list.table, list.fields)).map((row) => utilityEntry(list, row));
}

/** One entry by its path id; 404 'Entry not found' when unknown or not an id. */
export async function getUtilityEntry(db: Db, list: UtilityList, rawId: string): Promise<Record<string, unknown>> {
  const id = parseId(rawId);
  const row = id === undefined ? undefined : await findUtilityRow(db, list.table, list.fields, id);
  if (!row) throw notFound('Entry');
  return utilityEntry(list, row);
}
