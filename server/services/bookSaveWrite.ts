import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import type { BookWriteRepository } from '../db/repositories/bookWriteRepository.js';
import type { NewBook } from '../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import type { UploadedFile } from '../uploads/receiveUploads.js';
import type { SheetSavedEvent, SheetSaveHooks } from './bookSaveEvents.js';
import { manuscriptColumns, sheetUploads, tooManyDocuments, writeSheetFiles, type SheetUploads } from './bookSaveFiles.js';
import type { SheetInput } from './bookSaveInput.js';
import { foreignChildren, unknownReferences } from './bookSaveReferences.js';
import { keepUploads } from './pendingUploads.js';
import { sheetColumns, sheetLists } from './bookSaveRows.js';
import { SHEET_NOT_FOUND } from './bookReadService.js';

/** The 409 of a save based on an older version of the sheet. */
export const STALE_SHEET_MESSAGE = 'This reading sheet was changed by someone else since you opened it. Reload it to see their changes.';

/** What the write of a save works with. */
export interface SheetWriter {
  repo: BookWriteRepository;
  hooks: SheetSaveHooks;
}

/** The stored sheet an update works on, read under its row lock. */
type LockedSheet = NonNullable<Awaited<ReturnType<BookWriteRepository['lockSheet']>>>;

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
  const uploads = sheetUploads(files);
  const locked = id === undefined ? undefined : await repo.lockSheet(tx, id);
  if (id !== undefined && !locked) throw notFound(SHEET_NOT_FOUND);
  // A save without a version (a client outside the panel: SPEC §7 names none) writes over.
  if (locked && sheet.version !== undefined && locked.version !== sheet.version) throw conflict(STALE_SHEET_MESSAGE);
  await checkAgainstDatabase(repo, tx, id, sheet, uploads);

  const now = new Date();
  const replaced: string[] = [];
  const authorIds = sheet.authorList?.map((author) => author.id) ?? [];
  const names = await repo.authorNames(tx, authorIds);
  const columns: Partial<NewBook> = sheetColumns(sheet, authorIds.map((authorId) => names.get(authorId) ?? ''), now);
  if (uploads.manuscript) {
    Object.assign(columns, manuscriptColumns(uploads.manuscript, now));
    if (locked?.manuscriptStoredName) replaced.push(locked.manuscriptStoredName);
  }

  if (!locked && recreate !== undefined) columns.id = recreate;
  const { bookId, version } = locked ? await updateSheetRow(repo, tx, locked, sheet, columns, now) : await insertSheetRow(repo, tx, sheet, columns, now);
  await writeSheetLists(repo, tx, bookId, sheet);
  replaced.push(...(await writeSheetFiles(repo, tx, bookId, uploads, locked !== undefined)));
  await keepUploads(tx, keptKeys(uploads));

  const event: SheetSavedEvent = { bookId, created: !locked, version, withNotification: sheet.withNotification === 1, administratorId };
  await hooks.inTransaction?.(tx, event);
  return { event, replaced };
}

/** The keys a save records: the rest of its uploads stay pending, for the cleanup to collect. */
function keptKeys({ documents, cover, video, manuscript }: SheetUploads): string[] {
  return [...documents, cover, video, manuscript].flatMap((file) => (file ? [file.key] : []));
}

/** 422 with every error only the database can tell: unknown ids, foreign series items or characters, too many documents. */
async function checkAgainstDatabase(repo: BookWriteRepository, tx: Db, id: number | undefined, sheet: SheetInput, uploads: SheetUploads): Promise<void> {
  const errors: FieldErrors = { ...(await unknownReferences(repo, tx, sheet)), ...(await foreignChildren(repo, tx, id, sheet)) };
  const documents = await tooManyDocuments(repo, tx, id, uploads);
  if (documents) errors.documentList = documents;
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** Updates the locked sheet's row (statuses only when sent; a new rights status is dated); 409 if its version moved. */
async function updateSheetRow(repo: BookWriteRepository, tx: Db, locked: LockedSheet, sheet: SheetInput, columns: Partial<NewBook>, now: Date) {
  if (sheet.status_id !== undefined) columns.statusId = sheet.status_id;
  if (sheet.rights_status_id !== undefined && sheet.rights_status_id !== locked.rightsStatusId) {
    columns.rightsStatusId = sheet.rights_status_id;
    columns.rightsStatusUpdatedAt = now;
  }
  if (!(await repo.updateSheet(tx, locked.id, locked.version, columns))) throw conflict(STALE_SHEET_MESSAGE);
  return { bookId: locked.id, version: locked.version + 1 };
}

/** Inserts a new sheet's row, version 1, with the default statuses when none is sent. */
async function insertSheetRow(repo: BookWriteRepository, tx: Db, sheet: SheetInput, columns: Partial<NewBook>, now: Date) {
  const bookId = await repo.insertSheet(tx, {
    ...(columns as NewBook),
    statusId: sheet.status_id ?? 1,
    rightsStatusId: sheet.rights_status_id ?? 4,
    rightsStatusUpdatedAt: now,
    createdAt: now,
  });
  return { bookId, version: 1 };
}

/** Replaces the sheet's lists (criteria, people, series, characters, ratings) by the sent ones. */
async function writeSheetLists(repo: BookWriteRepository, tx: Db, bookId: number, sheet: SheetInput): Promise<void> {
  const lists = sheetLists(sheet);
  await repo.replaceCriteria(tx, bookId, lists.genres, lists.primaryGenre, lists.criteria);
  await repo.replaceAuthors(tx, bookId, lists.authors);
  await repo.replaceContacts(tx, bookId, lists.contacts);
  if (lists.reporters !== undefined) await repo.replaceReporters(tx, bookId, lists.reporters);
  await repo.replaceSources(tx, bookId, lists.sources);
  await repo.saveSeries(tx, bookId, lists.series);
  await repo.saveCharacters(tx, bookId, lists.characters);
  await repo.replaceRatings(tx, bookId, lists.ratings);
}
