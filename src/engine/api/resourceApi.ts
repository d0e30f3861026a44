import { call, toSearchParams } from './apiClient';
import type { NewFiles } from './formData';
import { upload, type FileProgress } from './upload';
import { SCREEN_VERSION_HEADER } from '../../../common/screensInUse';
import { allScreens, screenVersion } from '../resource/definitions';

/** The version in use of the screen whose form saves to `api`, if one does. */
function screenVersionOfApi(api: string): number | undefined {
  const screen = allScreens().find((candidate) => candidate.api === api && candidate.form);
  return screen ? screenVersion(screen.resource) : undefined;
}
import type { ApiRecord, Paged } from '../../../common/api';

export type { ApiRecord, Paged } from '../../../common/api';

/** How a screen's form saves (its `form.method` and `form.multipart`). */
export interface SaveOptions {
  /** Method of an update (`{api}/{id}`); a create is always POST. */
  method?: 'post' | 'put';
  /** Send multipart form data (`upload`): the record's fields plus its new files. */
  multipart?: boolean;
  /** Fields whose value is a stored file (its URL): not sent as text, the server keeps the file unless a new one comes. */
  fileFields?: readonly string[];
  /** New files by multipart name, sent after the fields. */
  files?: NewFiles;
  /** The upload's progress, file by file, while new files are sent. */
  onProgress?: (progress: FileProgress) => void;
  /** The screen whose form saves (its version goes with the save), when no screen's form saves to `api` (the reading sheet's editor). */
  screen?: string;
}

/** The path of one record (`{api}/{id}`), relative to the API's root. */
export const recordPath = (api: string, id: string | number): string => `${api}/${id}`;

/** The calls of a schema-driven resource (`admin/{api}`), shared by every list and form. */
export const resourceApi = {
  list: (api: string, query: Record<string, unknown>, signal?: AbortSignal) =>
    call<Paged<ApiRecord>>('get', api, { searchParams: toSearchParams(query), ...(signal ? { signal } : {}) }),
  get: async (api: string, id: string | number, signal?: AbortSignal, params?: Record<string, unknown>) =>
    // A record not found is the page's not-found page (RecordGate), not a toast too.
    (
      await call<{ data: ApiRecord }>('get', recordPath(api, id), {
        quietNotFound: true,
        ...(signal ? { signal } : {}),
        ...(params ? { searchParams: toSearchParams(params) } : {}),
      })
    ).data,
  save: (api: string, id: string | number | undefined, body: Record<string, unknown>, options: SaveOptions = {}) => {
    const method = id === undefined ? 'post' : (options.method ?? 'post');
    const path = id === undefined ? api : recordPath(api, id);
    // The version of the screen the form was made with: a refusal caused by a publish since says so.
    const version = options.screen === undefined ? screenVersionOfApi(api) : screenVersion(options.screen);
    const headers = version === undefined ? undefined : { [SCREEN_VERSION_HEADER]: String(version) };
    if (!options.multipart) return call<{ message?: string; data: ApiRecord }>(method, path, { json: body, ...(headers ? { headers } : {}) });
    const fileFields = options.fileFields ?? [];
    const fields = Object.fromEntries(Object.entries(body).filter(([name]) => !fileFields.includes(name)));
    return upload<{ message?: string; data: ApiRecord }>(method, path, fields, options.files, { onProgress: options.onProgress, headers });
  },
  /** `DELETE admin/{path}`: a side call of a form (a stored file); no toasts, the caller says it. */
  removeAt: (path: string) => call<{ message?: string; data?: ApiRecord }>('delete', path, { silentSuccess: true, noErrorToast: true }),
  remove: (api: string, id: string | number) => call<{ message?: string }>('delete', `${api}/${id}`, { silentSuccess: true, noErrorToast: true }),
};
