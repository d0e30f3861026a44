/**
 * The wire shapes client and server share (SPEC §3: "All lists are paged responses with data and
 * meta (total, current_page)"). The server builds them (server/http/paging.ts), the client reads
 * them (src/engine/api/resourceApi.ts): one definition for both.
 */

/** The `meta` of a paged list. */
export interface PageMeta {
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
}

/** A paged list answer: `{ data, meta }`. */
export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

/** A record as the API returns it: every record has an id, the rest is the resource's. */
export type ApiRecord = { id: number } & Record<string, unknown>;

/** The paging parameters every list accepts (`page` from 1, `perPage` bounded by the server). */
export interface PageQuery {
  page?: number;
  perPage?: number;
}

/** A list query: paging plus the resource's declared search and filter parameters. */
export type ListQuery = PageQuery & Record<string, unknown>;

/** The answer of a successful write: the server's message and the saved record. */
export interface SaveAnswer<T extends ApiRecord = ApiRecord> {
  message: string;
  data: T;
}
