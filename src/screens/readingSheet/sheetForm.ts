import type { FieldErrors } from '../../../common/validation';
import type { ApiRecord } from '../../engine/api/resourceApi';
import { prunePayload } from '../../engine/form/prunePayload';
import { sameData } from '../../engine/form/sameData';
import { sheetForm } from './useSheetForm';

export { sheetForm, sheetFormOf, useSheetForm, type SheetForm } from './useSheetForm';

/**
 * The helpers that shape the sheet between the API and the reading-sheet form (the form itself,
 * the screen `readingSheet` in use: useSheetForm.ts).
 */

type Json = Record<string, unknown>;

/** The multipart names of new files, in the order a save sends them. */
export const MULTIPART_FILE_NAMES = ['documentList[]', 'cover_file[]', 'video_file[]', 'manuscript'] as const;

/** Drops every null (and the keys holding one), keeping the identity of untouched parts. */
export function stripNulls<T>(value: T): T {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value
      .filter((item) => item !== null)
      .map((item) => {
        const next = stripNulls(item);
        if (next !== item) changed = true;
        return next;
      });
    return (changed || items.length !== value.length ? items : value) as T;
  }
  if (!value || typeof value !== 'object' || value instanceof File) return value;
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === null) {
      changed = true;
      continue;
    }
    const next = stripNulls(item);
    if (next !== item) changed = true;
    entries.push([key, next]);
  }
  return (changed ? Object.fromEntries(entries) : value) as T;
}

/** Two values alike once nulls and undefined are dropped, whatever the order of object keys. */
export function sameSheet(a: unknown, b: unknown): boolean {
  return sameData(stripNulls(a), stripNulls(b));
}

/** A sheet as the form edits it: GET's nulls dropped (the schema has no null types). */
export function normalizeSheet(record: ApiRecord): ApiRecord {
  return stripNulls(record);
}

/**
 * The rules the form keeps while editing:
 * - a primary genre that is no longer among the genres is cleared;
 * - a series has at least one item while `serie` is on (an empty one to fill), none once it is off.
 */
export function applySheetRules(previous: Json, next: Json): Json {
  const result: Json = { ...next };
  const genres = Array.isArray(result.genres) ? (result.genres as unknown[]) : [];
  if (result.primary_genre !== undefined && !genres.includes(result.primary_genre)) delete result.primary_genre;
  const seriesList = Array.isArray(result.seriesList) ? result.seriesList : [];
  if (result.serie === 1 && seriesList.length === 0) result.seriesList = [{}];
  if (previous.serie === 1 && result.serie !== 1) result.seriesList = [];
  return result;
}

/** The body of a save: the schema's writable fields only (no labels, requests, nor the stored files, which it says are `readOnly`). */
export function sheetPayload(data: Json): Json {
  return prunePayload(data, sheetForm().schema);
}

/**
 * The server's error keys as the form's fields: `author_list` on the authors, the new files'
 * multipart keys (`documentList.3`, `cover_file.0`, `video_file.0`) on their file fields.
 */
export function formErrorKeys(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const target =
      key === 'author_list'
        ? 'authorList'
        : /^documentList\.\d+$/.test(key)
          ? 'documentList'
          : /^cover_file(\.\d+)?$/.test(key)
            ? 'coverList'
            : /^video_file(\.\d+)?$/.test(key)
              ? 'videoList'
              : /^manuscript\.\d+$/.test(key)
                ? 'manuscript'
                : key;
    out[target] = [...new Set([...(out[target] ?? []), ...messages])];
  }
  return out;
}
