import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { sheetExists } from '../db/repositories/sheets/sheetReadRepository.js';
import { sheetWriteRepository, type SheetWriteRepository } from '../db/repositories/sheets/sheetWriteRepository.js';
import { notFound } from '../http/errors.js';
import type { Storage } from '../storage/Storage.js';
import { removeStoredFiles } from './sheetSaveFiles.js';
import { SHEET_NOT_FOUND } from './sheetReadService.js';
import { parseId } from '../engine/resourceService.js';
import { createRecordWrites, type RecordWrites } from '../engine/recordWrites.js';
import { READING_SHEET_FIELDS, SHEET_RESOURCE } from '../resources/readingSheets.js';
import { removeListedFile } from '../engine/fileLists.js';
import { SHEET_MESSAGES } from './sheetSaveMessage.js';

export { STALE_SHEET_MESSAGE } from './sheetSaveWrite.js';

export interface SheetSaveServiceOptions {
  db: Db;
  storage: Storage;
  log?: FastifyBaseLogger;
  /** The write steps; tests replace one to fail a save midway. */
  repository?: SheetWriteRepository;
  /** The one write path (`app.recordWrites`); a path of its own by default (tests). */
  writes?: RecordWrites;
}

/**
 * What the reading sheets do besides the engine's save, read and delete (their resource:
 * server/sheets/sheetStore.ts): the deletes of one stored file or of the manuscript (routes:
 * server/routes/sheetSaveRoutes.ts).
 */
export function createSheetSaveService({
  db,
  storage,
  log,
  repository = sheetWriteRepository,
  writes = createRecordWrites(db, { log }),
}: SheetSaveServiceOptions) {
  const repo = repository;

  /** The id of an existing sheet from a path segment, else 404. */
  async function existingSheetId(rawId: string): Promise<number> {
    const id = parseId(rawId);
    if (id === undefined || !(await sheetExists(db, id))) throw notFound(SHEET_NOT_FOUND);
    return id;
  }

  return {
    /** The id of an existing sheet, else 404 (checked before an update's files are stored). */
    existingId: existingSheetId,

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
                const stored = await removeListedFile(tx, READING_SHEET_FIELDS, bookId, fileId);
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
