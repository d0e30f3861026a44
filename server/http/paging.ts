import type { Paged } from '../../common/api.js';
import type { Paging } from '../db/pagingColumns.js';

export type { Paged } from '../../common/api.js';
/** Paging of every list endpoint: `page` from 1, `perPage` bounded (the repositories' window). */
export type { Paging } from '../db/pagingColumns.js';

const MAX_PER_PAGE = 1000;
const DEFAULT_PER_PAGE = 10;
/** Highest page number accepted (keeps the SQL offset well inside bigint). */
const MAX_PAGE = 1_000_000;

/** JSON Schema of the paging query parameters, merged into each list route's querystring schema. */
export const pagingQuerySchema = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
  perPage: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
} as const;

export function paging(query: { page?: number; perPage?: number }): Paging {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? DEFAULT_PER_PAGE;
  return { page, perPage, offset: (page - 1) * perPage };
}

export function paged<T>(data: T[], total: number, { page, perPage }: Paging): Paged<T> {
  return { data, meta: { total, current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) } };
}
