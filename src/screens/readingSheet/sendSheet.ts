import { ApiError, isApiError } from '../../engine/api/ApiError';
import { call } from '../../engine/api/apiClient';
import { toFormData } from '../../engine/api/formData';
import type { ApiRecord } from '../../engine/api/resourceApi';
import { formErrorKeys, MULTIPART_FILE_NAMES, sheetPayload } from './sheetForm';
import { SHEET_API } from './sheetRoute';

/** New files by multipart name. */
export type NewFiles = Readonly<Record<string, readonly File[]>>;
/** Share of each new file sent (0 to 1), by multipart name. */
export type FileProgress = Record<string, number[]>;

/**
 * Each file's share sent when `loaded` of `total` body bytes are: the files are the last parts of
 * the body, so the bytes before them (text fields and part headers) come first.
 */
export function fileProgress(files: readonly (readonly [string, File])[], loaded: number, total: number): FileProgress {
  const sizes = files.map(([, file]) => file.size);
  let start = Math.max(0, total - sizes.reduce((sum, size) => sum + size, 0));
  const progress: FileProgress = {};
  files.forEach(([name, file]) => {
    const share = loaded >= total ? 1 : file.size === 0 ? (loaded >= start ? 1 : 0) : Math.min(1, Math.max(0, (loaded - start) / file.size));
    (progress[name] ??= []).push(share);
    start += file.size;
  });
  return progress;
}

/**
 * A `fetch` for ky that sends `body` with XMLHttpRequest, whose upload events report progress
 * (fetch has none for a multipart body over HTTP/1.1). ky still builds the request (URL, method,
 * headers, abort signal) and reads the answer.
 */
export function xhrFetch(body: FormData, onProgress: (loaded: number, total: number) => void) {
  return (input: Request | URL | string, init?: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.withCredentials = true;
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => {
        if (name.toLowerCase() !== 'content-type') xhr.setRequestHeader(name, value);
      });
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('The save was cancelled.', 'AbortError'));
      request.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(body);
    });
}

export interface SendSheetOptions {
  /** Route id; undefined creates. */
  id: string | undefined;
  data: Record<string, unknown>;
  files: NewFiles;
  onProgress?: (progress: FileProgress) => void;
}

/**
 * `POST admin/books[/{id}]` as multipart form data (SPEC §7): the sheet's writable fields in
 * bracket notation, then the new files under `documentList[]`, `cover_file[]`, `video_file[]` and
 * `manuscript`, with their upload progress. A 422's keys come back as the form's field names.
 */
export async function sendSheet({ id, data, files, onProgress }: SendSheetOptions): Promise<{ message?: string; data: ApiRecord }> {
  const body = toFormData(sheetPayload(data));
  const sent: [string, File][] = [];
  for (const name of MULTIPART_FILE_NAMES) {
    for (const file of files[name] ?? []) {
      body.append(name, file, file.name);
      sent.push([name, file]);
    }
  }
  const path = id === undefined ? SHEET_API : `${SHEET_API}/${encodeURIComponent(id)}`;
  try {
    return await call<{ message?: string; data: ApiRecord }>('post', path, {
      body,
      // Large videos take longer than the client's default minute.
      timeout: false,
      ...(sent.length ? { fetch: xhrFetch(body, (loaded, total) => onProgress?.(fileProgress(sent, loaded, total))) } : {}),
    });
  } catch (error) {
    if (isApiError(error) && Object.keys(error.errors).length) throw new ApiError(error.status, error.message, formErrorKeys(error.errors));
    throw error;
  }
}
