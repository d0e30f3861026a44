import { call, toSearchParams } from './apiClient';
import { toFormData } from './formData';
import type { ApiRecord, Paged } from '../../../common/api';

export type { ApiRecord, Paged } from '../../../common/api';

/** How a screen's form saves (its `form.method` and `form.multipart`). */
export interface SaveOptions {
  /** Method of an update (`{api}/{id}`); a create is always POST. */
  method?: 'post' | 'put';
  /** Send multipart form data: the record's fields plus the new files of its file fields. */
  multipart?: boolean;
  fileFields?: readonly string[];
  files?: Readonly<Record<string, File | undefined>>;
}

/** The path of one record (`{api}/{id}`), relative to the API's root. */
export const recordPath = (api: string, id: string | number): string => `${api}/${id}`;

/** The calls of a schema-driven resource (`admin/{api}`), shared by every list and form. */
export const resourceApi = {
  list: (api: string, query: Record<string, unknown>, signal?: AbortSignal) =>
    call<Paged<ApiRecord>>('get', api, { searchParams: toSearchParams(query), ...(signal ? { signal } : {}) }),
  get: async (api: string, id: string | number, signal?: AbortSignal) =>
    (await call<{ data: ApiRecord }>('get', recordPath(api, id), signal ? { signal } : {})).data,
  save: (api: string, id: string | number | undefined, body: Record<string, unknown>, options: SaveOptions = {}) =>
    call<{ message?: string; data: ApiRecord }>(id === undefined ? 'post' : (options.method ?? 'post'), id === undefined ? api : recordPath(api, id), {
      ...(options.multipart ? { body: toFormData(body, options.files, options.fileFields) } : { json: body }),
    }),
  /** `DELETE admin/{path}`: a side call of a form (a stored file); no toasts, the caller says it. */
  removeAt: (path: string) => call<{ message?: string; data?: ApiRecord }>('delete', path, { silentSuccess: true, noErrorToast: true }),
  remove: (api: string, id: string | number) => call<{ message?: string }>('delete', `${api}/${id}`, { silentSuccess: true, noErrorToast: true }),
};
