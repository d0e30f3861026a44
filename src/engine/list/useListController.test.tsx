import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { resourceApi } from '../api/resourceApi';
import { subscribeNotices, type Notice } from '../notify/notifications';
import { useListController, type ListControllerOptions } from './useListController';

const page = (total: number) => ({ data: [{ id: 1, name: 'Thriller' }], meta: { total, current_page: 1, per_page: 10, last_page: 1 } });

/** Renders the hook inside a memory router at `url`; returns the hook result and the router (for its URL). */
function setup(url: string, options: Partial<ListControllerOptions> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] });
    return (
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    );
  };
  const hook = renderHook(() => useListController({ api: 'genres', searchParam: 'name', ...options }), { wrapper });
  return { hook, search: () => router.state.location.search };
}

let notices: Notice[] = [];
let unsubscribe: () => void;
beforeEach(() => {
  notices = [];
  unsubscribe = subscribeNotices((n) => notices.push(n));
});
afterEach(() => {
  unsubscribe();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useListController', () => {
  it('reads search, page and size from the URL and sends them with the screen search parameter', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValue(page(42));
    const { hook } = setup('/genres?q=noir&page=3&perPage=20');
    await waitFor(() => expect(hook.result.current.total).toBe(42));
    expect(list).toHaveBeenLastCalledWith('genres', { page: 3, perPage: 20, name: 'noir' }, expect.anything());
    expect(hook.result.current.searchInput).toBe('noir');
  });

  it('ignores a page size that is not offered and falls back to 10', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValue(page(5));
    setup('/genres?perPage=13');
    await waitFor(() => expect(list).toHaveBeenCalled());
    expect(list.mock.calls[0]![1]).toEqual({ page: 1, perPage: 10 });
  });

  it('debounces the search 500 ms, then refetches from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValue(page(100));
    const { hook, search } = setup('/genres?page=4');
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    act(() => hook.result.current.setSearchInput('pol'));
    act(() => vi.advanceTimersByTime(300));
    act(() => hook.result.current.setSearchInput('polar'));
    act(() => vi.advanceTimersByTime(499));
    expect(search()).toBe('?page=4');
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(search()).toBe('?q=polar'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith('genres', { page: 1, perPage: 10, name: 'polar' }, expect.anything()));
    expect(list.mock.calls.some(([, q]) => q.name === 'pol')).toBe(false);
  });

  it('changing the page size goes back to page 1; filters are repeated URL values sent as arrays', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValue(page(100));
    const filters = [{ param: 'genres', label: 'x.y', widget: 'multiSelect' as const }];
    const { hook, search } = setup('/genres?page=2', { filters });
    await waitFor(() => expect(list).toHaveBeenCalled());
    act(() => hook.result.current.setPage(2, 50));
    await waitFor(() => expect(search()).toBe('?perPage=50'));
    act(() => hook.result.current.setFilter('genres', ['3', '7']));
    await waitFor(() => expect(search()).toBe('?perPage=50&genres=3&genres=7'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith('genres', { page: 1, perPage: 50, genres: ['3', '7'] }, expect.anything()));
    act(() => hook.result.current.clearFilters());
    await waitFor(() => expect(search()).toBe('?perPage=50'));
  });

  it("past the server's count bound, pages by cursor with the page number in the URL, and starts again on any change", async () => {
    const bounded = (current: number, next: string | null, prev: string | null) => ({
      data: [{ id: current }],
      meta: { total: 10_000, current_page: current, per_page: 10, last_page: current + 1, total_exact: false, next_cursor: next, prev_cursor: prev },
    });
    const list = vi
      .spyOn(resourceApi, 'list')
      .mockImplementation(async (_api, query) =>
        query.after === 'n1'
          ? bounded(2, 'n2', 'p2')
          : query.after === 'n2'
            ? bounded(3, null, 'p3')
            : query.before === 'p3'
              ? bounded(2, 'n2', 'p2')
              : bounded(1, 'n1', null),
      );
    const { hook, search } = setup('/genres?q=noir');
    await waitFor(() => expect(hook.result.current.hasNext).toBe(true));
    expect(hook.result.current).toMatchObject({ exact: false, total: 10_000, hasPrevious: false });
    act(() => hook.result.current.next());
    await waitFor(() => expect(search()).toBe('?q=noir&page=2&after=n1'));
    await waitFor(() => expect(hook.result.current.rows).toEqual([{ id: 2 }]));
    act(() => hook.result.current.next());
    await waitFor(() => expect(hook.result.current.rows).toEqual([{ id: 3 }]));
    expect(hook.result.current.hasNext).toBe(false);
    expect(list).toHaveBeenLastCalledWith('genres', { page: 3, perPage: 10, name: 'noir', after: 'n2' }, expect.anything());
    act(() => hook.result.current.previous());
    await waitFor(() => expect(search()).toBe('?q=noir&page=2&before=p3'));
    // Back to page 1 is the first page itself, without a cursor.
    act(() => hook.result.current.previous());
    await waitFor(() => expect(search()).toBe('?q=noir'));
    act(() => hook.result.current.next());
    await waitFor(() => expect(search()).toBe('?q=noir&page=2&after=n1'));
    act(() => hook.result.current.setPage(1, 20));
    await waitFor(() => expect(search()).toBe('?q=noir&perPage=20'));
  });

  it('deletes with the spec notices: succeed, failed (one notice, with the server reason on a refusal), cancelled', async () => {
    vi.spyOn(resourceApi, 'list').mockResolvedValue(page(1));
    const remove = vi.spyOn(resourceApi, 'remove').mockResolvedValueOnce({ message: 'ok' });
    const { hook } = setup('/genres');
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(1));
    await act(async () => expect(await hook.result.current.remove({ id: 1 })).toBe(true));
    expect(remove).toHaveBeenCalledWith('genres', 1);
    expect(notices.at(-1)).toMatchObject({ summary: 'Success', detail: 'Deletion succeed' });

    const before = notices.length;
    remove.mockRejectedValueOnce(new ApiError(409, 'This genre is still used.'));
    await act(async () => expect(await hook.result.current.remove({ id: 1 })).toBe(false));
    expect(notices.slice(before)).toMatchObject([{ severity: 'error', summary: 'Deletion Failed', detail: 'This genre is still used.' }]);

    // No reason to give (the connection, the server's own failure): the spec's notice, alone too.
    remove.mockRejectedValueOnce(new ApiError(500, 'Internal Server Error'));
    await act(async () => expect(await hook.result.current.remove({ id: 1 })).toBe(false));
    expect(notices.slice(before + 1)).toMatchObject([{ severity: 'error', summary: 'Failed', detail: 'Deletion Failed' }]);

    act(() => hook.result.current.cancelRemove());
    expect(notices.at(-1)).toMatchObject({ summary: 'Cancel', detail: 'Deletion cancelled' });
  });
});
