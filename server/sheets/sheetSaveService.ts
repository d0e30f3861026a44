import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { FormValidator } from '../definitions/formValidator.js';
import { sheetExists } from '../db/repositories/sheets/sheetReadRepository.js';
import { sheetWriteRepository, type SheetWriteRepository } from '../db/repositories/sheets/sheetWriteRepository.js';
import { HttpError, notFound, unprocessable } from '../http/errors.js';
import type { Storage } from '../storage/Storage.js';
import type { PendingUploads } from '../uploads/PendingUploads.js';
import { discardUploads, type UploadedFile } from '../uploads/receiveUploads.js';
import { runAfterCommit, type AfterCommitResult, type SheetSavedEvent, type SheetSaveHooks } from './sheetSaveEvents.js';
import { removeStoredFiles } from './sheetSaveFiles.js';
import { READING_SHEET_SCHEMA, validateSheetInput, type SheetInput } from './sheetSaveInput.js';
import { writeSheet, writeSheetColumns } from './sheetSaveWrite.js';
import { getSheet, SHEET_NOT_FOUND, type SheetApi } from './sheetReadService.js';
import { createPendingUploads } from '../uploads/storedPendingUploads.js';
import { parseId, RESOURCE_MESSAGES } from '../engine/resourceService.js';
import { createRecordWrites, type RecordWrites, type RestoreOf } from '../engine/recordWrites.js';
import { sheetSaveBody, sheetView } from './sheetHistory.js';
import { normalizeJsonForm } from '../http/multipartForm.js';
import { SHEET_COLUMN_FIELDS } from './sheetColumnFields.js';
import { SHEET_RESOURCE } from '../resources/readingSheets.js';

export { STALE_SHEET_MESSAGE } from './sheetSaveWrite.js';

export const SHEET_MESSAGES = {
  created: RESOURCE_MESSAGES.created,
  updated: RESOURCE_MESSAGES.updated,
  fileDeleted: 'File deleted successfully',
  manuscriptDeleted: 'Manuscript deleted successfully',
  noFollower: 'Saved; no one follows this reading sheet, so no one was notified.',
  notifyFailed: 'Saved, but the subscribers could not be notified: save with notification again to notify them.',
} as const;

/**
 * The answer's message (the editor's success toast, SPEC §8). A plain save says it was added or
 * updated; a save with notification says whom it notified: 'Saved; 12 subscribers will be
 * notified.' (1 subscriber), that no one follows the sheet, that the e-mails wait until this
 * server sends e-mail, or that the notification failed.
 */
function saveMessage(event: Pick<SheetSavedEvent, 'created' | 'withNotification'>, after: AfterCommitResult): string {
  const plain = event.created ? SHEET_MESSAGES.created : SHEET_MESSAGES.updated;
  if (!event.withNotification) return plain;
  if (after.failed) return SHEET_MESSAGES.notifyFailed;
  if (!after.outcome) return plain;
  const { notified, mailConfigured } = after.outcome;
  if (notified === 0) return SHEET_MESSAGES.noFollower;
  const who = `${notified} ${notified === 1 ? 'subscriber' : 'subscribers'}`;
  return mailConfigured
    ? `Saved; ${who} will be notified.`
    : `Saved; ${who} will be notified once e-mail sending is set up on this server (ask your administrator or technical team).`;
}

export interface SaveRequest {
  /** The path id; undefined creates. */
  rawId: string | undefined;
  /** The parsed body (multipart, through parseMultipartForm, or JSON, through normalizeJsonForm). */
  input: unknown;
  /** Files `receiveUploads` stored for this request; the save owns them (discarded on failure). */
  files: readonly UploadedFile[];
  /** Maps a dotted error key back to the names the client sent (sparse multipart indexes). */
  sentKey?: (key: string) => string;
  administratorId?: number | null;
}

export interface SaveResult {
  message: string;
  data: SheetApi;
  withNotification: 0 | 1;
}

export interface SheetSaveServiceOptions {
  db: Db;
  storage: Storage;
  /** Where the request's uploads are recorded (`app.pendingUploads`); by default the database's. */
  pending?: PendingUploads;
  log?: FastifyBaseLogger;
  hooks?: SheetSaveHooks;
  /** The write steps; tests replace one to fail a save midway. */
  repository?: SheetWriteRepository;
  /** The validator of the sheet's JSON Schema in use (the screen `readingSheet`'s published version); the file's by default. */
  schemaValidator?: () => FormValidator | undefined;
  /** The one write path (`app.recordWrites`); a path of its own by default (tests). */
  writes?: RecordWrites;
}

/** How a save may differ from a request's: the studio preview's (a draft's schema, nothing kept). */
export interface SheetSaveOptions {
  /** The validator of the schema to check the sheet with instead of the one in use. */
  validate?: FormValidator;
  /** Every rule and write run, then rolled back: nothing kept, no one notified (recordWrites `dryRun`). */
  dryRun?: boolean;
  /** A restore from the sheet's history (server/engine/history/historyService.ts): checked against its version, linked to its revision. */
  restore?: RestoreOf;
  /** A create that brings a deleted sheet back under its own id. */
  recreate?: number;
}

/**
 * Reads, saves and deletes files of reading sheets (routes: server/routes/sheetSaveRoutes.ts). The steps
 * of a save live beside it: input checks (bookSaveInput.ts), reference checks
 * (bookSaveReferences.ts), the rows written (bookSaveRows.ts), files (bookSaveFiles.ts), the
 * transaction (bookSaveWrite.ts) and what follows a commit (bookSaveEvents.ts).
 */
export function createSheetSaveService({
  db,
  storage,
  pending = createPendingUploads(db),
  log,
  hooks = {},
  repository = sheetWriteRepository,
  schemaValidator,
  writes = createRecordWrites(db, { log }),
}: SheetSaveServiceOptions) {
  const repo = repository;
  const writer = { repo, hooks };
  const uploads = { storage, pending };

  /** The id of an existing sheet from a path segment, else 404. */
  async function existingSheetId(rawId: string): Promise<number> {
    const id = parseId(rawId);
    if (id === undefined || !(await sheetExists(db, id))) throw notFound(SHEET_NOT_FOUND);
    return id;
  }

  return {
    /** `GET admin/books/{id}`. */
    get: (rawId: string) => getSheet(db, rawId),

    /** The id of an existing sheet, else 404 (checked before an update's body is read). */
    existingId: existingSheetId,

    /**
     * Creates or updates a sheet: validation (422), the stale-version check (409) and every write
     * in one transaction, which also forgets the new files' pending rows (they are kept); replaced
     * files are removed from storage after the commit. On any failure the request's new files and
     * their pending rows are removed, so storage and sheet are exactly as before.
     */
    async save({ rawId, input, files, sentKey = (key) => key, administratorId = null }: SaveRequest, options: SheetSaveOptions = {}): Promise<SaveResult> {
      let saved: Awaited<ReturnType<typeof writeSheet>> & { read: SheetApi };
      try {
        const id = rawId === undefined ? undefined : parseId(rawId);
        if (rawId !== undefined && id === undefined) throw notFound(SHEET_NOT_FOUND);
        const errors = validateSheetInput(input, options.validate ?? schemaValidator?.());
        if (errors) throw unprocessable(errors);
        saved = await writes.write(
          {
            resource: SHEET_RESOURCE,
            action: id === undefined ? 'create' : 'update',
            id: id ?? options.recreate,
            run: async (tx) => {
              const written = await writeSheet(tx, writer, id, input as SheetInput, files, administratorId, id === undefined ? options.recreate : undefined);
              // The sheet as written, read once in the transaction: the answer, and its history's view (a dry run's, before the rollback).
              const read = await getSheet(tx, written.event.bookId);
              return { id: written.event.bookId, result: { ...written, read }, after: sheetView(read) };
            },
          },
          { dryRun: options.dryRun, restore: options.restore },
        );
      } catch (error) {
        await discardUploads(uploads, files);
        throw withSentKeys(error, sentKey);
      }
      if (options.dryRun)
        return {
          message: saveMessage({ ...saved.event, withNotification: false }, { outcome: undefined, failed: false }),
          data: saved.read,
          withNotification: 0,
        };
      await removeStoredFiles(storage, saved.replaced, log);
      const after = await runAfterCommit(hooks, saved.event, log);
      return {
        message: saveMessage(saved.event, after),
        data: saved.read,
        withNotification: saved.event.withNotification ? 1 : 0,
      };
    },

    /**
     * Saves some of a sheet's column fields (a bulk `set`, docs/bulk-actions.md), by the save's rules
     * without rewriting the whole sheet: the sheet as read (`sheet`, with its version) with the
     * `changes` is validated as the editor's save validates it (a sheet its save would refuse is
     * refused), the changed references checked, then only those columns are written under the row
     * lock, refused with 409 if the sheet moved past the version read; the revision names just those
     * fields, and what follows a save (the after-commit hook) runs as after any save. Throws what
     * the save throws; fields that are not columns of the sheet are the full save's (`save`).
     */
    async saveColumns(sheet: SheetApi, changes: Readonly<Record<string, unknown>>, administratorId: number | null = null): Promise<void> {
      const notColumns = Object.keys(changes).filter((field) => !SHEET_COLUMN_FIELDS.some((column) => column.key === field));
      if (notColumns.length) throw new Error(`saveColumns writes column fields only, not ${notColumns.join(', ')}`);
      const input = normalizeJsonForm(sheetSaveBody(sheet, changes), READING_SHEET_SCHEMA) as SheetInput;
      const errors = validateSheetInput(input, schemaValidator?.());
      if (errors) throw unprocessable(errors);
      const before = sheetView(sheet);
      const event = await writes.write({
        resource: SHEET_RESOURCE,
        action: 'update',
        id: sheet.id,
        // Read before the transaction; writeSheetColumns refuses the write if the version moved since.
        before,
        run: async (tx) => {
          const written = await writeSheetColumns(tx, writer, sheet.id, sheet.version, input, Object.keys(changes), administratorId);
          return { id: sheet.id, result: written.event, after: { ...before, ...written.view } };
        },
      });
      await runAfterCommit(hooks, event, log);
    },

    /** `DELETE admin/utilities/book-files/{book}/{file}`: the record, then the stored file. */
    async deleteFile(rawBook: string, rawFile: string): Promise<{ message: string }> {
      const bookId = await existingSheetId(rawBook);
      const fileId = parseId(rawFile);
      const key =
        fileId === undefined
          ? undefined
          : await writes.write({
              resource: SHEET_RESOURCE,
              action: 'update',
              id: bookId,
              run: async (tx) => {
                const stored = await repo.deleteFile(tx, bookId, fileId);
                if (stored) await repo.touchSheet(tx, bookId);
                return { id: stored ? bookId : undefined, result: stored };
              },
            });
      if (!key) throw notFound('File');
      await removeStoredFiles(storage, [key], log);
      return { message: SHEET_MESSAGES.fileDeleted };
    },

    /** `DELETE admin/utilities/book-manuscript/{book}`: the manuscript columns, then the stored file. */
    async deleteManuscript(rawBook: string): Promise<{ message: string }> {
      const bookId = await existingSheetId(rawBook);
      const key = await writes.write({
        resource: SHEET_RESOURCE,
        action: 'update',
        id: bookId,
        run: async (tx) => {
          const stored = await repo.clearManuscript(tx, bookId);
          return { id: stored ? bookId : undefined, result: stored };
        },
      });
      if (!key) throw notFound('Manuscript');
      await removeStoredFiles(storage, [key], log);
      return { message: SHEET_MESSAGES.manuscriptDeleted };
    },
  };
}
export type SheetSaveService = ReturnType<typeof createSheetSaveService>;

/** A 422's keys as the client sent them (sparse multipart indexes restored); other errors unchanged. */
function withSentKeys(error: unknown, sentKey: (key: string) => string): unknown {
  if (!(error instanceof HttpError) || !error.errors) return error;
  const errors = Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [sentKey(key), messages]));
  return new HttpError(error.statusCode, error.message, errors, error.headers);
}
