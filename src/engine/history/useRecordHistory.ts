import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { RevisionAnswer } from '../../../common/historyAnswers';
import { queryKeys } from '../api/queryKeys';
import { historyCalls, type RecordHistoryPage } from './historyCalls';

/** Revisions read at a time ('Load more' reads the next ones). */
const HISTORY_PAGE_SIZE = 20;

/** A record's history as the drawer shows it. */
export interface RecordHistory {
  /** Newest first, each once (a page read after a new revision would repeat the one it pushed down). */
  revisions: RevisionAnswer[];
  total: number;
  /** The record's version now, read with the first page: what a restore sends back. */
  version: number | undefined;
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/**
 * How long a first page read stays fresh: long enough for the one read when the pointer reaches
 * 'History' to be the one the drawer opens with, short enough that reopening it later reads again.
 */
const FRESH_MS = 5_000;

const recordHistoryQuery = (api: string, recordId: string | number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.history(api, recordId),
    queryFn: ({ pageParam, signal }) => historyCalls.record(api, recordId, pageParam, HISTORY_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last: RecordHistoryPage) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    staleTime: FRESH_MS,
  });

/**
 * Reads a record's first page of revisions ahead, when staff show they are about to open its history
 * (the pointer on 'History', or its focus): the drawer then opens with its entries, in one render.
 */
export function prefetchRecordHistory(client: QueryClient, api: string, recordId: string | number): Promise<void> {
  return client.prefetchInfiniteQuery(recordHistoryQuery(api, recordId));
}

/**
 * A record's revisions (`GET admin/history/{api}/{id}`), newest first, page after page. Read again
 * whenever it is shown after a few seconds (a save elsewhere may have added one) and whenever the
 * record's resource is refreshed (a save, a restore: its key sits under the resource's).
 */
export function useRecordHistory(api: string, recordId: string | number, { enabled = true }: { enabled?: boolean } = {}): RecordHistory {
  const query = useInfiniteQuery({ ...recordHistoryQuery(api, recordId), enabled });
  const seen = new Set<number>();
  const revisions = (query.data?.pages ?? []).flatMap((page) => page.data).filter((revision) => !seen.has(revision.id) && Boolean(seen.add(revision.id)));
  const first = query.data?.pages[0]?.meta;
  return {
    revisions,
    total: first?.total ?? 0,
    version: first?.record_version,
    loading: query.isLoading,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
