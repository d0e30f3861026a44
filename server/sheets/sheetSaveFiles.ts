import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { SheetWriteRepository, NewFileRow } from '../db/repositories/sheets/sheetWriteRepository.js';
import { BOOK_FILE_TYPES, type NewBook } from '../db/schema/index.js';
import type { Storage } from '../storage/Storage.js';
import { FILE_RULES } from '../uploads/fileRules.js';
import type { StoredUpload as UploadedFile } from '../engine/resourceTypes.js';

/** The multipart file fields of a save and their upload rules (common/fileRules.ts). */
export const SHEET_FILE_FIELDS = {
  'documentList[]': 'document',
  'cover_file[]': 'cover',
  'video_file[]': 'video',
  manuscript: 'manuscript',
} as const;

/** Storage folder of every file of a sheet: `books/<yyyy>/<mm>/<uuid>.<ext>`. */
export const SHEET_FILE_FOLDER = 'books';

/** The new files of a save, by role (one cover, video and manuscript at most: the first sent). */
export interface SheetUploads {
  documents: UploadedFile[];
  cover: UploadedFile | undefined;
  video: UploadedFile | undefined;
  manuscript: UploadedFile | undefined;
}

/** Sorts a save's stored uploads by role. */
export function sheetUploads(files: readonly UploadedFile[]): SheetUploads {
  const of = (field: keyof typeof SHEET_FILE_FIELDS) => files.filter((file) => file.field === field);
  return { documents: of('documentList[]'), cover: of('cover_file[]')[0], video: of('video_file[]')[0], manuscript: of('manuscript')[0] };
}

/** The document-count error of a save (`documentList`), if the stored and new documents exceed the limit. */
export async function tooManyDocuments(repo: SheetWriteRepository, tx: Db, bookId: number | undefined, uploads: SheetUploads): Promise<string[] | undefined> {
  if (uploads.documents.length === 0) return undefined;
  const stored = bookId === undefined ? 0 : await repo.countFiles(tx, bookId, BOOK_FILE_TYPES.file);
  return stored + uploads.documents.length > FILE_RULES.document.maxFiles ? [FILE_RULES.document.maxFilesMessage] : undefined;
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

const fileRow = (type: NewFileRow['type'], file: UploadedFile): NewFileRow => ({
  type,
  originalName: file.originalName,
  storedName: file.key,
  size: file.size,
  mime: file.mime,
});

/**
 * Records the new documents, cover and video of a saved sheet (in the save's transaction). A new
 * cover or video replaces the stored one (`replaces`: an update); returns the storage keys of the
 * replaced files, to remove once the transaction committed.
 */
export async function writeSheetFiles(repo: SheetWriteRepository, tx: Db, bookId: number, uploads: SheetUploads, replaces: boolean): Promise<string[]> {
  const replaced: string[] = [];
  const newFiles: NewFileRow[] = uploads.documents.map((file) => fileRow(BOOK_FILE_TYPES.file, file));
  if (uploads.cover) {
    if (replaces) replaced.push(...(await repo.deleteFilesOfType(tx, bookId, BOOK_FILE_TYPES.cover)));
    newFiles.push(fileRow(BOOK_FILE_TYPES.cover, uploads.cover));
  }
  if (uploads.video) {
    if (replaces) replaced.push(...(await repo.deleteFilesOfType(tx, bookId, BOOK_FILE_TYPES.video)));
    newFiles.push(fileRow(BOOK_FILE_TYPES.video, uploads.video));
  }
  await repo.addFiles(tx, bookId, newFiles);
  return replaced;
}

/** Removes stored files after a commit; a failure leaves an orphan file (logged), never a broken sheet. */
export async function removeStoredFiles(storage: Storage, keys: readonly string[], log: FastifyBaseLogger | undefined): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') log?.warn({ err: result.reason, key: keys[i] }, 'could not remove a replaced reading-sheet file');
  });
}
