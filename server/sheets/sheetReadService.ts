import type { Db } from '../db/client.js';
import { findSheetRow, findSheetRows, type SheetRow } from '../db/repositories/sheets/sheetReadRepository.js';
import { readRelations } from '../engine/writableRelations.js';
import { READING_SHEET_FIELDS } from '../resources/readingSheets.js';
import { notFound } from '../http/errors.js';
import { fileUrl } from '../storage/fileUrl.js';
import { parseId } from '../engine/resourceService.js';
import { sheetColumnAnswer } from './sheetColumnFields.js';
import { requestsOfSheet } from '../resources/demands.js';
import { concurrently } from '../db/concurrently.js';

/**
 * The whole reading sheet as `GET admin/books/{id}` answers it (and a save returns it). The
 * writable part has exactly the names and shapes a save accepts (the form schema of schemas/reading-sheets.screen.json),
 * so the editor can send back what it read; the rest is read-only (labels, requests, files, AI flags).
 */
export type SheetApi = Record<string, unknown> & { id: number; version: number };

export const SHEET_NOT_FOUND = 'Reading sheet';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Reads one sheet; 404 when the id is unknown or not an id. */
export async function getSheet(db: Db, rawIdOrId: string | number): Promise<SheetApi> {
  const id = typeof rawIdOrId === 'number' ? rawIdOrId : parseId(rawIdOrId);
  const sheet = id === undefined ? undefined : await findSheet(db, id);
  if (!sheet) throw notFound(SHEET_NOT_FOUND);
  return sheet;
}

/** One sheet, undefined when none; `requests: false` leaves its requests out (the history's read: they are records of their own). */
export async function findSheet(db: Db, id: number, { requests = true }: { requests?: boolean } = {}): Promise<SheetApi | undefined> {
  const row = await findSheetRow(db, id);
  if (!row) return undefined;
  const [requestRows, relations] = await concurrently(db, [
    async () => (requests ? requestsOfSheet(db, row.book.id) : []),
    () => readRelations(db, READING_SHEET_FIELDS, [row.book.id]),
  ]);
  return toSheetApi(row, requestRows, relations.get(row.book.id)!);
}

/** Several sheets at once, as `findSheet` reads each without its requests (a bulk action's rows): those that exist, by id. */
export async function findSheets(db: Db, ids: readonly number[]): Promise<Map<number, SheetApi>> {
  const rows = await findSheetRows(db, ids);
  if (rows.length === 0) return new Map();
  const found = rows.map((row) => row.book.id);
  const relations = await readRelations(db, READING_SHEET_FIELDS, found);
  return new Map(rows.map((row) => [row.book.id, toSheetApi(row, [], relations.get(row.book.id)!)]));
}

/**
 * A sheet as its answer gives it, from its row, its requests and the relations the engine reads
 * as its declaration says (`readRelations`: genres with the primary one, the criteria, the
 * authors, sources, contacts, series items, characters and reporters in their order, the ratings,
 * the stored documents, cover and video).
 */
export function toSheetApi(
  { book, statusLabel, rightsStatusLabel, companyName }: SheetRow,
  requestRows: readonly object[],
  relations: Readonly<Record<string, unknown>>,
): SheetApi {
  return {
    id: book.id,
    // The fields stored in `books` (the identity, numbers, flags, per-language maps, version), as the schema lists them.
    ...sheetColumnAnswer(book),
    version: book.version,
    status: { id: book.statusId, label: statusLabel },
    rights_status: { id: book.rightsStatusId, label: rightsStatusLabel },
    rights_status_updated_at: iso(book.rightsStatusUpdatedAt),
    company: book.companyId === null ? null : { id: book.companyId, name: companyName },
    // The requests as `GET admin/demands` sends them (server/db/repositories/directory/demandRepository.ts).
    requestList: requestRows,
    ...relations,
    manuscript: book.manuscriptStoredName
      ? {
          name: book.manuscriptOriginalName,
          full_path: fileUrl(book.manuscriptStoredName, book.manuscriptOriginalName ?? undefined),
          size: book.manuscriptSize,
          uploaded_at: iso(book.manuscriptUploadedAt),
        }
      : null,
    is_ai_generation_running: book.isAiGenerationRunning,
    has_ai_results: book.hasAiResults,
    ai_generation_error: book.aiGenerationError,
    created_at: iso(book.createdAt),
    updated_at: iso(book.updatedAt),
  };
}
