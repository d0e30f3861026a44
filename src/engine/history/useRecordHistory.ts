import { useInfiniteQuery } from '@tanstack/react-query';
import type { RevisionAnswer } from '../../../common/historyAnswers';
import { queryKeys } from '../api/queryKeys';
import { historyCalls } from './historyCalls';

/** Revisions read at a time ('Load more' reads the next ones). */
export const HISTORY_PAGE_SIZE = 20;

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
 * A record's revisions (`GET admin/history/{api}/{id}`), newest first, page after page. Read again
 * whenever it is shown (a save elsewhere may have added one) and whenever the record's resource is
 * refreshed (a save, a restore: its key sits under the resource's).
 */
export function useRecordHistory(api: string, recordId: string | number, { enabled = true }: { enabled?: boolean } = {}): RecordHistory {
  const query = useInfiniteQuery({
    queryKey: queryKeys.history(api, recordId),
    queryFn: ({ pageParam, signal }) => historyCalls.record(api, recordId, pageParam, HISTORY_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    enabled,
    staleTime: 0,
  });
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
