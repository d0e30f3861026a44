import type { FastifyBaseLogger } from 'fastify';
import type { NewBook } from '../db/schema/index.js';
import { fileListUploads } from '../engine/fileLists.js';
import { READING_SHEET_FIELDS } from '../resources/readingSheets.js';
import type { Storage } from '../storage/Storage.js';
import type { FileRuleName } from '../uploads/fileRules.js';
import type { StoredUpload as UploadedFile } from '../engine/resourceTypes.js';

/** The multipart file fields of a save and their upload rules (common/fileRules.ts): its file lists' (as declared) and its manuscript. */
export const SHEET_FILE_FIELDS: Readonly<Record<string, FileRuleName>> = { ...fileListUploads(READING_SHEET_FIELDS), manuscript: 'manuscript' };

/** Storage folder of every file of a sheet: `books/<yyyy>/<mm>/<uuid>.<ext>`. */
export const SHEET_FILE_FOLDER = 'books';

/** The manuscript a save brings (the first sent), if any: its documents, cover and video are the engine's (server/engine/fileLists.ts). */
export function manuscriptUpload(files: readonly UploadedFile[]): UploadedFile | undefined {
  return files.find((file) => file.field === 'manuscript');
}

/** The book columns describing a newly uploaded manuscript. */
export function manuscriptColumns(manuscript: UploadedFile, now: Date): Partial<NewBook> {
  return {
    manuscriptOriginalName: manuscript.originalName,
    manuscriptStoredName: manuscript.key,
    manuscriptSize: manuscript.size,
    manuscriptMime: manuscript.mime,
    manuscriptUploadedAt: now,
  };
}

/** Removes stored files after a commit; a failure leaves an orphan file (logged), never a broken sheet. */
export async function removeStoredFiles(storage: Storage, keys: readonly string[], log: FastifyBaseLogger | undefined): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') log?.warn({ err: result.reason, key: keys[i] }, 'could not remove a replaced reading-sheet file');
  });
}
