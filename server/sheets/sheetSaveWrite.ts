import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import type { SheetWriteRepository } from '../db/repositories/sheets/sheetWriteRepository.js';
import type { NewBook } from '../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import type { StoredUpload as UploadedFile } from '../engine/resourceTypes.js';
import type { SheetSavedEvent, SheetSaveHooks } from './sheetSaveEvents.js';
import { manuscriptColumns, manuscriptUpload } from './sheetSaveFiles.js';
import type { SheetInput } from './sheetSaveInput.js';
import { unknownReferences } from './sheetSaveReferences.js';
import { keepUploads } from '../uploads/storedPendingUploads.js';
import { sheetColumns } from './sheetSaveRows.js';
import { SHEET_COLUMN_FIELDS, sheetColumnAnswer, sheetColumnValues } from './sheetColumnFields.js';
import { bookSearchText } from '../db/schema/index.js';
import type { Json } from '../../common/recordChanges.js';
import { SHEET_NOT_FOUND } from './sheetReadService.js';
import { writeRelations } from '../engine/writableRelations.js';
import { fileCountErrors, writeFileLists } from '../engine/fileLists.js';
import { READING_SHEET_FIELDS } from '../resources/readingSheets.js';

/** The 409 of a save based on an older version of the sheet. */
export const STALE_SHEET_MESSAGE = 'This reading sheet was changed by someone else since you opened it. Reload it to see their changes.';

/** What the write of a save works with. */
export interface SheetWriter {
  repo: SheetWriteRepository;
  hooks: SheetSaveHooks;
}

/** The stored sheet an update works on, read under its row lock. */
type LockedSheet = NonNullable<Awaited<ReturnType<SheetWriteRepository['lockSheet']>>>;

/**
 * A save's writes, in the transaction `tx` of the one write path (`id` undefined creates): the lock and version check (404, 409),
 * the checks needing the database (422), then every write, the new files kept (their pending rows
 * forgotten: 409 if the cleanup collected one) and the `inTransaction` hook. Returns the save's
 * event and the storage keys of the files it replaced (to remove after the commit).
 */
export async function writeSheet(
  tx: Db,
  { repo, hooks }: SheetWriter,
  id: number | undefined,
  sheet: SheetInput,
  files: readonly UploadedFile[],
  administratorId: number | null,
  /** A create bringing a deleted sheet back: the id it had. */
  recreate?: number,
): Promise<{ event: SheetSavedEvent; replaced: string[] }> {
  const manuscript = manuscriptUpload(files);
  const locked = id === undefined ? undefined : await repo.lockSheet(tx, id);
  if (id !== undefined && !locked) throw notFound(SHEET_NOT_FOUND);
  // A save without a version (a client outside the panel: SPEC §7 names none) writes over.
  if (locked && sheet.version !== undefined && locked.version !== sheet.version) throw conflict(STALE_SHEET_MESSAGE);
  await checkAgainstDatabase(tx, id, sheet, files);

  const now = new Date();
  const replaced: string[] = [];
  const authorIds = sheet.authorList?.map((author) => author.id) ?? [];
  const names = await repo.authorNames(tx, authorIds);
  const columns: Partial<NewBook> = sheetColumns(
    sheet,
    authorIds.map((authorId) => names.get(authorId) ?? ''),
    now,
  );
  if (manuscript) {
    Object.assign(columns, manuscriptColumns(manuscript, now));
    if (locked?.manuscriptStoredName) replaced.push(locked.manuscriptStoredName);
  }

  if (!locked && recreate !== undefined) columns.id = recreate;
  const { bookId, version } = locked ? await updateSheetRow(repo, tx, locked, sheet, columns, now) : await insertSheetRow(repo, tx, sheet, columns, now);
  await writeSheetLists(tx, bookId, sheet);
  const written = await writeFileLists(tx, READING_SHEET_FIELDS, bookId, files, locked !== undefined);
  replaced.push(...written.replaced);
  // The keys the save records: the rest of its uploads stay pending, for the cleanup to collect.
  await keepUploads(tx, [...written.kept, ...(manuscript ? [manuscript.key] : [])]);

  const event: SheetSavedEvent = { bookId, created: !locked, version, withNotification: sheet.withNotification === 1, administratorId };
  await hooks.inTransaction?.(tx, event);
  return { event, replaced };
}

/**
 * The write of some column fields of a sheet (`fields` of the valid `sheet`: the store's `fieldsAlone`, a
 * bulk action's change), in the write path's transaction: the row lock and the check that the sheet is
 * still at `version` (404, 409), the changed references (422), then those columns, the update
 * time and the version; the statuses by the save's own rules (a new rights status is dated). The
 * `inTransaction` hook runs as after a save. Returns the save's event and the written fields as
 * the sheet's answer gives them (its history's view of them).
 */
export async function writeSheetColumns(
  tx: Db,
  { repo, hooks }: SheetWriter,
  id: number,
  version: number,
  sheet: SheetInput,
  fields: readonly string[],
  administratorId: number | null,
): Promise<{ event: SheetSavedEvent; view: Record<string, Json> }> {
  const locked = await repo.lockSheet(tx, id);
  if (!locked) throw notFound(SHEET_NOT_FOUND);
  if (locked.version !== version) throw conflict(STALE_SHEET_MESSAGE);
  const changed = Object.fromEntries(fields.map((field) => [field, (sheet as Record<string, unknown>)[field]])) as SheetInput;
  const references = await unknownReferences(tx, id, changed);
  if (Object.keys(references).length > 0) throw unprocessable(references);
  const now = new Date();
  const columns: Partial<NewBook> = { ...pick(sheetColumnValues(changed as Record<string, unknown>), fields), updatedAt: now };
  if (fields.some((field) => SEARCHED_FIELDS.has(field))) {
    // The titles are searched with the authors' names: the search text is made again, as a save makes it.
    const authorIds = sheet.authorList?.map((author) => author.id) ?? [];
    const names = await repo.authorNames(tx, authorIds);
    columns.searchText = bookSearchText(
      sheet.original_title,
      sheet.titles ?? {},
      authorIds.map((authorId) => names.get(authorId) ?? ''),
    );
  }
  await updateSheetRow(repo, tx, locked, changed, columns, now);
  const event: SheetSavedEvent = { bookId: id, created: false, version: version + 1, withNotification: false, administratorId };
  await hooks.inTransaction?.(tx, event);
  const answer = sheetColumnAnswer({
    ...columns,
    statusId: changed.status_id ?? locked.statusId,
    rightsStatusId: changed.rights_status_id ?? locked.rightsStatusId,
  });
  return { event, view: Object.fromEntries(fields.map((field) => [field, (answer[field] ?? null) as Json])) };
}

/** The column fields the sheet's search text is made of (with its authors' names: `sheetColumns`). */
const SEARCHED_FIELDS = new Set(['original_title', 'titles']);

/** The columns (drizzle properties of `books`) of these API fields, from `sheetColumnValues`' answer. */
function pick(columns: Record<string, unknown>, fields: readonly string[]): Partial<NewBook> {
  const properties = new Set(SHEET_COLUMN_FIELDS.filter((column) => fields.includes(column.key)).map((column) => column.column));
  return Object.fromEntries(Object.entries(columns).filter(([property]) => properties.has(property))) as Partial<NewBook>;
}

/** 422 with every error only the database can tell: unknown ids, foreign series items or characters, too many documents. */
async function checkAgainstDatabase(tx: Db, id: number | undefined, sheet: SheetInput, files: readonly UploadedFile[]): Promise<void> {
  const errors: FieldErrors = { ...(await unknownReferences(tx, id, sheet)), ...(await fileCountErrors(tx, READING_SHEET_FIELDS, id, files)) };
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** Updates the locked sheet's row (statuses only when sent; a new rights status is dated); 409 if its version moved. */
async function updateSheetRow(repo: SheetWriteRepository, tx: Db, locked: LockedSheet, sheet: SheetInput, columns: Partial<NewBook>, now: Date) {
  if (sheet.status_id !== undefined) columns.statusId = sheet.status_id;
  if (sheet.rights_status_id !== undefined && sheet.rights_status_id !== locked.rightsStatusId) {
    columns.rightsStatusId = sheet.rights_status_id;
    columns.rightsStatusUpdatedAt = now;
  }
  if (!(await repo.updateSheet(tx, locked.id, locked.version, columns))) throw conflict(STALE_SHEET_MESSAGE);
  return { bookId: locked.id, version: locked.version + 1 };
}

/** Inserts a new sheet's row, version 1, with the default statuses when none is sent. */
async function insertSheetRow(repo: SheetWriteRepository, tx: Db, sheet: SheetInput, columns: Partial<NewBook>, now: Date) {
  const bookId = await repo.insertSheet(tx, {
    ...(columns as NewBook),
    statusId: sheet.status_id ?? 1,
    rightsStatusId: sheet.rights_status_id ?? 4,
    rightsStatusUpdatedAt: now,
    createdAt: now,
  });
  return { bookId, version: 1 };
}

/** Replaces the sheet's lists by the sent ones, as its declaration says (server/engine/writableRelations.ts). */
async function writeSheetLists(tx: Db, bookId: number, sheet: SheetInput): Promise<void> {
  await writeRelations(tx, READING_SHEET_FIELDS, bookId, sheet as Record<string, unknown>);
}
