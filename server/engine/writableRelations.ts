import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import { concurrently } from '../db/concurrently.js';
import type { FieldDeclaration } from './declaration.js';
import { emptyFileLists, readFileLists } from './fileLists.js';
import { emptyIdSets, readIdSets, unknownIdSetIds, writeIdSets } from './idSets.js';
import { referenceErrors } from './referenceChecks.js';
import { emptyRowLists, foreignRowIds, readRowLists, rowListReferences, writeRowLists } from './rowLists.js';

/**
 * The writable relations a declaration says as data, read and written by the engine for a store
 * of its own (the sheets'): its sets of ids in link tables (`IdsRelation`, server/engine/idSets.ts),
 * its lists of items in tables of their own (`RowsRelation`, server/engine/rowLists.ts), and its
 * lists of stored files (`FilesRelation`, server/engine/fileLists.ts: read here, added to by a
 * save's uploads through `writeFileLists`).
 */
type Fields = Readonly<Record<string, FieldDeclaration>>;

/** A record's relations without any link or item: each set and list empty, each primary null. */
export function emptyRelations(fields: Fields): Record<string, unknown> {
  return { ...emptyIdSets(fields), ...emptyRowLists(fields), ...emptyFileLists(fields) };
}

/** The relations of several records at once, by record (a query a list, one for every id set). */
export async function readRelations(db: Db, fields: Fields, ownerIds: readonly number[]): Promise<Map<number, Record<string, unknown>>> {
  const [sets, lists, files] = await concurrently(db, [
    () => readIdSets(db, fields, ownerIds),
    () => readRowLists(db, fields, ownerIds),
    () => readFileLists(db, fields, ownerIds),
  ]);
  return new Map(ownerIds.map((id) => [id, { ...sets.get(id), ...lists.get(id), ...files.get(id) }]));
}

/** Writes a record's relations from a valid body, in the save's transaction: each as sent, an absent one emptied. */
export async function writeRelations(tx: Db, fields: Fields, ownerId: number, body: Readonly<Record<string, unknown>>): Promise<void> {
  await writeIdSets(tx, fields, ownerId, body);
  await writeRowLists(tx, fields, ownerId, body);
}

/**
 * The ids a body's relations hold that name no row of their table, each at its path (`genres.1`,
 * `authorList.0.type`), and the items of its own rows the record `ownerId` does not have (none on a
 * create) or names twice (`characters.0.id`).
 */
export async function unknownRelationIds(db: Db, fields: Fields, ownerId: number | undefined, body: Readonly<Record<string, unknown>>): Promise<FieldErrors> {
  return {
    ...(await referenceErrors(db, rowListReferences(fields, body))),
    ...(await unknownIdSetIds(db, fields, body)),
    ...(await foreignRowIds(db, fields, ownerId, body)),
  };
}
