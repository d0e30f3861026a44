import type { FieldErrors } from '../../common/validation.js';
import { FILE_RULES, type FileRuleName } from '../../common/fileRules.js';
import type { Db } from '../db/client.js';
import { concurrently } from '../db/concurrently.js';
import { fileListRepository as repo, type FileListTable } from '../db/repositories/engine/fileListRepository.js';
import { fileUrl } from '../storage/fileUrl.js';
import { isFilesRelation, type FieldDeclaration, type FilesRelation } from './declaration.js';
import type { StoredUpload } from './resourceTypes.js';

type Fields = Readonly<Record<string, FieldDeclaration>>;

/** A stored file as a record's answer lists it: its id, original name, kind (`type`), URL, size and type. */
export interface ListedFile {
  id: number;
  name: string;
  type?: number;
  /** The file's address (SPEC §3 'full path'): `/api/admin/files/…?name=…`. */
  full_path: string;
  size: number;
  mime: string;
}

/** The fields of a declaration that are lists of stored files (`FilesRelation`), with their relation. */
function fileListFields(fields: Fields): [name: string, relation: FilesRelation][] {
  return Object.entries(fields).flatMap(([name, field]) => (isFilesRelation(field.relation) ? [[name, field.relation] as [string, FilesRelation]] : []));
}

const tableOf = (relation: FilesRelation): FileListTable => ({
  table: relation.files,
  owner: relation.owner,
  position: relation.position,
  ...(relation.kind ? { kind: { column: relation.kind.column, value: relation.kind.value } } : {}),
  stores: relation.stores,
});

/** The multipart fields new files of a declaration's lists arrive in, with their upload rules. */
export function fileListUploads(fields: Fields): Record<string, FileRuleName> {
  return Object.fromEntries(fileListFields(fields).map(([, relation]) => [relation.upload, relation.rule]));
}

/** A record's file lists without any file: each empty. */
export function emptyFileLists(fields: Fields): Record<string, ListedFile[]> {
  return Object.fromEntries(fileListFields(fields).map(([name]) => [name, [] as ListedFile[]]));
}

/** The file lists of several records at once, by record, each in its order (a query a list; the lists at once on the pool). */
export async function readFileLists(db: Db, fields: Fields, ownerIds: readonly number[]): Promise<Map<number, Record<string, ListedFile[]>>> {
  const byOwner = new Map(ownerIds.map((id) => [id, emptyFileLists(fields)]));
  const lists = fileListFields(fields);
  const read = await concurrently(
    db,
    lists.map(
      ([, relation]) =>
        () =>
          repo.readFileList(db, tableOf(relation), ownerIds),
    ),
  );
  for (const [index, [name, relation]] of lists.entries()) {
    for (const file of read[index]!) {
      byOwner.get(file.ownerId)?.[name]?.push({
        id: file.id,
        name: file.name,
        ...(relation.kind ? { [relation.kind.field]: relation.kind.value } : {}),
        full_path: fileUrl(file.key, file.name),
        size: file.size,
        mime: file.mime,
      });
    }
  }
  return byOwner;
}

/** The uploads a save records in each list: all of a list's field, the first alone for a single file. */
function listUploads(relation: FilesRelation, uploads: readonly StoredUpload[]): StoredUpload[] {
  const sent = uploads.filter((file) => file.field === relation.upload);
  return relation.single ? sent.slice(0, 1) : sent;
}

/** The lists a save's uploads would take past their rule's number of files (stored and new), each at its field: `You can upload up to 10 files.` */
export async function fileCountErrors(db: Db, fields: Fields, ownerId: number | undefined, uploads: readonly StoredUpload[]): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const [name, relation] of fileListFields(fields)) {
    const added = listUploads(relation, uploads).length;
    if (relation.single || added === 0) continue;
    const stored = ownerId === undefined ? 0 : await repo.countFileList(db, tableOf(relation), ownerId);
    const rule = FILE_RULES[relation.rule];
    if (stored + added > rule.maxFiles) errors[name] = [rule.maxFilesMessage];
  }
  return errors;
}

/**
 * Records a save's new files in the record's lists (in its transaction): added after the stored
 * ones, a single file replacing the stored one when `replaces` (an update). Returns the keys it
 * recorded (their pending uploads to forget) and those of the files it replaced (to remove once
 * the transaction committed).
 */
export async function writeFileLists(
  tx: Db,
  fields: Fields,
  ownerId: number,
  uploads: readonly StoredUpload[],
  replaces: boolean,
): Promise<{ kept: string[]; replaced: string[] }> {
  const kept: string[] = [];
  const replaced: string[] = [];
  for (const [, relation] of fileListFields(fields)) {
    const files = listUploads(relation, uploads);
    if (files.length === 0) continue;
    const table = tableOf(relation);
    if (relation.single && replaces) replaced.push(...(await repo.clearFileList(tx, table, ownerId)));
    await repo.addToFileList(
      tx,
      table,
      ownerId,
      files.map((file) => ({ name: file.originalName, key: file.key, size: file.size, mime: file.mime })),
    );
    kept.push(...files.map((file) => file.key));
  }
  return { kept, replaced };
}

/**
 * Removes one stored file of a record's lists (in the transaction of its own call); its storage
 * key (to remove once the transaction committed), or undefined when the record has no such file.
 */
export async function removeListedFile(tx: Db, fields: Fields, ownerId: number, fileId: number): Promise<string | undefined> {
  const tables = new Map(fileListFields(fields).map(([, relation]) => [relation.files, relation]));
  for (const relation of tables.values()) {
    const key = await repo.removeListedFile(tx, tableOf({ ...relation, kind: undefined }), ownerId, fileId);
    if (key) return key;
  }
  return undefined;
}
