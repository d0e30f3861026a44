import { call, toSearchParams } from './apiClient';

/** A paged list answer: `{ data, meta }`. */
export interface Paged<T> {
  data: T[];
  meta: { total: number; current_page: number; per_page: number; last_page: number };
}

/** A record as the API returns it; every record has an id. */
export type ApiRecord = { id: number } & Record<string, unknown>;

/** The calls of a schema-driven resource (`admin/{api}`), shared by every list and form. */
export const resourceApi = {
  list: (api: string, query: Record<string, unknown>, signal?: AbortSignal) =>
    call<Paged<ApiRecord>>('get', api, { searchParams: toSearchParams(query), ...(signal ? { signal } : {}) }),
  get: async (api: string, id: string | number, signal?: AbortSignal) =>
    (await call<{ data: ApiRecord }>('get', `${api}/${id}`, signal ? { signal } : {})).data,
  save: (api: string, id: string | number | undefined, body: Record<string, unknown>) =>
    call<{ message?: string; data: ApiRecord }>('post', id === undefined ? api : `${api}/${id}`, { json: body }),
  remove: (api: string, id: string | number) => call<{ message?: string }>('delete', `${api}/${id}`, { silentSuccess: true, noErrorToast: true }),
};
