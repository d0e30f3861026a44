import { call } from './apiClient';
import { toFormData, type NewFiles } from './formData';
import { xhrFetch } from './xhrFetch';

/** Share of each new file sent (0 to 1), by multipart name, in the order of `NewFiles`. */
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

export interface UploadOptions {
  /** Called as the body goes out with each new file's share sent; only when there are new files. */
  onProgress?: ((progress: FileProgress) => void) | undefined;
  /** Headers besides the data client's (the screen version of the form: `X-Screen-Version`). */
  headers?: Record<string, string> | undefined;
}

/**
 * The one way a record goes out with files (SPEC §7, form data when a file is attached): `data` and
 * the new `files` in one multipart body (`toFormData`), sent through the data client (its toasts,
 * 401/403 rules and ApiError), without its one-minute time limit (a large video takes longer).
 * With `onProgress` and at least one file, the body is sent with XMLHttpRequest, which reports
 * the upload's progress (`xhrFetch`).
 */
export function upload<T>(
  method: 'post' | 'put',
  path: string,
  data: Record<string, unknown>,
  files: NewFiles = {},
  { onProgress, headers }: UploadOptions = {},
): Promise<T> {
  const body = toFormData(data, files);
  const sent = Object.entries(files).flatMap(([name, list]) => list.map((file) => [name, file] as const));
  return call<T>(method, path, {
    body,
    timeout: false,
    ...(headers ? { headers } : {}),
    ...(sent.length && onProgress ? { fetch: xhrFetch(body, (loaded, total) => onProgress(fileProgress(sent, loaded, total))) } : {}),
  });
}
