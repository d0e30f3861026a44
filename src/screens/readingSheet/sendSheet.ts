import { ApiError, isApiError } from '../../engine/api/ApiError';
import type { NewFiles } from '../../engine/api/formData';
import { resourceApi, type ApiRecord } from '../../engine/api/resourceApi';
import type { FileProgress } from '../../engine/api/upload';
import { formErrorKeys, MULTIPART_FILE_NAMES, sheetPayload } from './sheetForm';
import { SHEET_API, SHEET_SCREEN } from './sheetRoute';

export interface SendSheetOptions {
  /** Route id; undefined creates. */
  id: string | undefined;
  data: Record<string, unknown>;
  /** New files by multipart name. */
  files: NewFiles;
  onProgress?: (progress: FileProgress) => void;
  /** Where the sheet goes: `books` (the editor), or `ai-books/update-book` (the AI comparison). */
  api?: string;
}

/**
 * `POST admin/books[/{id}]`, or `POST admin/ai-books/update-book/{id}` (the same save), as
 * multipart form data (SPEC §7), through the engine's upload: the sheet's writable fields in
 * bracket notation, then the new files under `documentList[]`, `cover_file[]`, `video_file[]` and
 * `manuscript`, with their upload progress. A 422's keys come back as the form's field names.
 */
export async function sendSheet({ id, data, files, onProgress, api = SHEET_API }: SendSheetOptions): Promise<{ message?: string; data: ApiRecord }> {
  const ordered: NewFiles = Object.fromEntries(MULTIPART_FILE_NAMES.map((name) => [name, files[name] ?? []]));
  try {
    // The editor's version goes with the save: a refusal caused by a publish since says so.
    return await resourceApi.save(api, id, sheetPayload(data), {
      multipart: true,
      files: ordered,
      screen: SHEET_SCREEN,
      ...(onProgress ? { onProgress } : {}),
    });
  } catch (error) {
    if (isApiError(error) && Object.keys(error.errors).length) throw new ApiError(error.status, error.message, formErrorKeys(error.errors), error.body);
    throw error;
  }
}
