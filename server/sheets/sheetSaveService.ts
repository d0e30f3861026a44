import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { FormValidator } from '../definitions/formValidator.js';
import { sheetExists } from '../db/repositories/sheets/sheetReadRepository.js';
import { sheetWriteRepository, type SheetWriteRepository } from '../db/repositories/sheets/sheetWriteRepository.js';
import { notFound, unprocessable } from '../http/errors.js';
import type { Storage } from '../storage/Storage.js';
import { runAfterCommit, type SheetSaveHooks } from './sheetSaveEvents.js';
import { removeStoredFiles } from './sheetSaveFiles.js';
import { READING_SHEET_SCHEMA, validateSheetInput, type SheetInput } from './sheetSaveInput.js';
import { writeSheetColumns } from './sheetSaveWrite.js';
import { SHEET_NOT_FOUND, type SheetApi } from './sheetReadService.js';
import { parseId } from '../engine/resourceService.js';
import { createRecordWrites, type RecordWrites } from '../engine/recordWrites.js';
import { sheetSaveBody, sheetView } from './sheetHistory.js';
import { normalizeJsonForm } from '../http/multipartForm.js';
import { SHEET_COLUMN_FIELDS } from './sheetColumnFields.js';
import { SHEET_RESOURCE } from '../resources/readingSheets.js';
import { SHEET_MESSAGES } from './sheetSaveMessage.js';

export { STALE_SHEET_MESSAGE } from './sheetSaveWrite.js';

export interface SheetSaveServiceOptions {
  db: Db;
  storage: Storage;
  log?: FastifyBaseLogger;
  hooks?: SheetSaveHooks;
  /** The write steps; tests replace one to fail a save midway. */
  repository?: SheetWriteRepository;
  /** The validator of the sheet's JSON Schema in use (the screen `readingSheet`'s published version); the file's by default. */
  schemaValidator?: () => FormValidator | undefined;
  /** The one write path (`app.recordWrites`); a path of its own by default (tests). */
  writes?: RecordWrites;
}

/**
 * What the reading sheets do besides the engine's save, read and delete (their resource:
 * server/sheets/sheetStore.ts): a bulk action's write of some column fields, and the deletes of
 * one stored file or of the manuscript (routes: server/routes/sheetSaveRoutes.ts).
 */
export function createSheetSaveService({
  db,
  storage,
  log,
  hooks = {},
  repository = sheetWriteRepository,
  schemaValidator,
  writes = createRecordWrites(db, { log }),
}: SheetSaveServiceOptions) {
  const repo = repository;
  const writer = { repo, hooks };

  /** The id of an existing sheet from a path segment, else 404. */
  async function existingSheetId(rawId: string): Promise<number> {
    const id = parseId(rawId);
    if (id === undefined || !(await sheetExists(db, id))) throw notFound(SHEET_NOT_FOUND);
    return id;
  }

  return {
    /** The id of an existing sheet, else 404 (checked before an update's files are stored). */
    existingId: existingSheetId,

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
