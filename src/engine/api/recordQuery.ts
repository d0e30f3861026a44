import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';
import { resourceApi } from './resourceApi';

/**
 * How long a loaded record counts as fresh. Long enough for the copy fetched as the navigation
 * starts (`prefetchRecord`) to serve the form it opens without a second request; short enough that
 * opening a record shows what the server holds (a stale save is refused with 409 anyway).
 */
const RECORD_FRESH_MS = 5_000;

/**
 * The query of one record of a resource (`GET admin/{api}/{id}`), shared by forms and route
 * loaders; `params` are sent with it (`?lang=fr`: a reporter's texts in one language).
 */
export const recordQuery = (api: string, id: string, params?: Record<string, unknown>) =>
  queryOptions({
    queryKey: queryKeys.record(api, id, params),
    queryFn: ({ signal }) => resourceApi.get(api, id, signal, params),
    staleTime: RECORD_FRESH_MS,
  });
