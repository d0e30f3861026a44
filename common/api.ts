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
  /**
   * Lists that count up to a bound (the reading sheets: 10,000): false when there are more than
   * `total`, which the paginator shows as '10,000+'. Absent or true: `total` is exact.
   */
  total_exact?: boolean;
  /** Keyset paging (the same lists): the `after` of the next page, null on the last one. */
  next_cursor?: string | null;
  /** The `before` of the previous page, null on the first one. */
  prev_cursor?: string | null;
}

/** A paged list answer: `{ data, meta }`. */
export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

/** A record as the API returns it: every record has an id, the rest is the resource's. */
export type ApiRecord = { id: number } & Record<string, unknown>;

/** The paging parameters every list accepts (`page` from 1, `perPage` bounded by the server). */
interface PageQuery {
  page?: number;
  perPage?: number;
}

/** A list query: paging plus the resource's declared search and filter parameters. */
export type ListQuery = PageQuery & Record<string, unknown>;
