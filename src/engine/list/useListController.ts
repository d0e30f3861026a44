import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListFilter } from '../../../common/screenDefinition';
import { POSITION_PARAMS } from '../../../common/listPosition';
import { queryKeys } from '../api/queryKeys';
import { resourceApi, type ApiRecord } from '../api/resourceApi';
import i18n from '../../i18n';
import { notify } from '../notify/notifications';
import { notifyDeletionFailed } from '../notify/notifyDeletionFailed';

/** Page sizes and debounce of every list (SPEC §2, §9). */
const PAGE_SIZES = [10, 20, 50];
const DEFAULT_PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 500;

export interface ListControllerOptions {
  api: string;
  /** Query parameter of the free-text search (e.g. `name`); none when the list has no search. */
  searchParam?: string | undefined;
  filters?: ListFilter[] | undefined;
  pageSizes?: number[] | undefined;
  defaultPageSize?: number | undefined;
  /** Fixed query parameters (a table embedded in another screen, e.g. `user_id`). */
  fixed?: Record<string, unknown>;
  /** Keep the state in component memory instead of the URL (several lists on one page). */
  local?: boolean;
}

export interface ListController {
  rows: ApiRecord[];
  total: number;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  page: number;
  perPage: number;
  pageSizes: number[];
  /** What the search box shows (updates at once; the query follows 500 ms later). */
  searchInput: string;
  setSearchInput(value: string): void;
  filters: Record<string, string[]>;
  setFilter(param: string, values: string[]): void;
  clearFilters(): void;
  setPage(page: number, perPage?: number): void;
  /**
   * False when the server counted up to its bound and there are more rows than `total` ('10,000+'):
   * the list then pages by cursor, one step at a time (`next`, `previous`, `first`).
   */
  exact: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
  next(): void;
  previous(): void;
  first(): void;
  /** Deletes a row and shows the spec's notices; resolves true when deleted. */
  remove(row: ApiRecord): Promise<boolean>;
  /** Shows the 'Deletion cancelled' notice. */
  cancelRemove(): void;
  refetch(): void;
}

type StateStore = [URLSearchParams, (next: URLSearchParams) => void];

function useStateStore(local: boolean): StateStore {
  const [urlParams, setUrlParams] = useSearchParams();
  const [localParams, setLocalParams] = useState(() => new URLSearchParams());
  const setUrl = useCallback((next: URLSearchParams) => setUrlParams(next, { replace: false }), [setUrlParams]);
  return local ? [localParams, setLocalParams] : [urlParams, setUrl];
}

const toFirstPage = (next: URLSearchParams) => POSITION_PARAMS.forEach((param) => next.delete(param));

/**
 * Headless list state: paging, search (debounced, resets to page 1), filters, loading and
 * deletion. State lives in the URL (`?q=&page=&perPage=&<filter>=`, and `after`/`before` when a
 * list past its count bound pages by cursor), so reload, back and a shared link show the same list.
 */
export function useListController(options: ListControllerOptions): ListController {
  const { api, searchParam, filters: filterDefs = [], fixed, local = false } = options;
  const pageSizes = options.pageSizes ?? PAGE_SIZES;
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const [params, setParams] = useStateStore(local);
  const queryClient = useQueryClient();

  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPageParam = Number(params.get('perPage'));
  const perPage = pageSizes.includes(perPageParam) ? perPageParam : defaultPageSize;
  const search = params.get('q') ?? '';
  const filters = useMemo(
    () => Object.fromEntries(filterDefs.map((f) => [f.param, params.getAll(f.param)]).filter(([, v]) => v!.length > 0)) as Record<string, string[]>,
    [filterDefs, params],
  );

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(params);
      change(next);
      setParams(next);
    },
    [params, setParams],
  );

  const [searchInput, setSearchInputState] = useState(search);
  const lastSent = useRef(search);
  useEffect(() => {
    // Follow the URL when it changes from outside (back button, shared link).
    if (search !== lastSent.current) {
      lastSent.current = search;
      setSearchInputState(search);
    }
  }, [search]);
  useEffect(() => {
    if (searchInput === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = searchInput;
      update((next) => {
        if (searchInput) next.set('q', searchInput);
        else next.delete('q');
        toFirstPage(next);
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, update]);

  const after = params.get('after');
  const before = params.get('before');
  const query = useMemo(() => {
    const q: Record<string, unknown> = { ...fixed, page, perPage };
    if (after) q.after = after;
    else if (before) q.before = before;
    if (searchParam && search) q[searchParam] = search;
    for (const f of filterDefs) {
      const values = filters[f.param];
      if (!values?.length) continue;
      q[f.param] = f.widget === 'multiSelect' || f.widget === 'treeSelect' ? values : values[0];
    }
    return q;
  }, [fixed, page, perPage, after, before, searchParam, search, filterDefs, filters]);

  const list = useQuery({
    queryKey: queryKeys.list(api, query),
    queryFn: ({ signal }) => resourceApi.list(api, query, signal),
    placeholderData: keepPreviousData,
  });

  const removal = useMutation({
    mutationFn: (row: ApiRecord) => resourceApi.remove(api, row.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.resource(api) }),
  });

  const remove = useCallback(
    async (row: ApiRecord) => {
      try {
        await removal.mutateAsync(row);
        notify({ severity: 'success', summary: i18n.t('notices.success'), detail: i18n.t('notices.deletionSucceed') });
        return true;
      } catch (error) {
        notifyDeletionFailed(error);
        return false;
      }
    },
    [removal],
  );

  const meta = list.data?.meta;
  const stepTo = (cursor: { after: string } | { before: string }, nextPage: number) =>
    update((next) => {
      toFirstPage(next);
      next.set('page', String(nextPage));
      if ('after' in cursor) next.set('after', cursor.after);
      else next.set('before', cursor.before);
    });

  return {
    rows: list.data?.data ?? [],
    total: list.data?.meta.total ?? 0,
    loading: list.isLoading,
    fetching: list.isFetching,
    error: list.error,
    page,
    perPage,
    pageSizes,
    searchInput,
    setSearchInput: setSearchInputState,
    filters,
    setFilter: (param, values) =>
      update((next) => {
        next.delete(param);
        for (const value of values) next.append(param, value);
        toFirstPage(next);
      }),
    clearFilters: () =>
      update((next) => {
        for (const f of filterDefs) next.delete(f.param);
        toFirstPage(next);
      }),
    setPage: (nextPage, nextPerPage) =>
      update((next) => {
        const size = nextPerPage ?? perPage;
        next.delete('after');
        next.delete('before');
        if (size !== perPage) {
          next.delete('page');
          if (size === defaultPageSize) next.delete('perPage');
          else next.set('perPage', String(size));
        } else if (nextPage <= 1) next.delete('page');
        else next.set('page', String(nextPage));
      }),
    exact: meta?.total_exact !== false,
    // A list with cursors says itself whether a next page exists; the others by their last page.
    hasNext: meta?.next_cursor !== undefined ? meta.next_cursor !== null : page < (meta?.last_page ?? 1),
    hasPrevious: page > 1,
    next: () => {
      if (meta?.next_cursor) stepTo({ after: meta.next_cursor }, page + 1);
    },
    // Back to page 1 is the first page itself (no cursor), so the address of page 1 is always the same.
    previous: () => (page <= 2 || !meta?.prev_cursor ? update(toFirstPage) : stepTo({ before: meta.prev_cursor }, page - 1)),
    first: () => update(toFirstPage),
    remove,
    cancelRemove: () => notify({ severity: 'info', summary: i18n.t('notices.cancel'), detail: i18n.t('notices.deletionCancelled') }),
    refetch: () => void list.refetch(),
  };
}
