import type { WidgetProps } from '@rjsf/utils';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceApi } from '../../engine/api/resourceApi';
import { RemoteSelectWidget } from './RemoteSelectWidget';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const paged = (data: Record<string, unknown>[]) => ({ data, meta: { total: data.length, current_page: 1, per_page: 10, last_page: 1 } }) as never;

describe('RemoteSelectWidget', () => {
  it('asks an option list for the current value by its ids parameter when the first page lacks it (no {api}/{id} route)', async () => {
    const list = vi
      .spyOn(resourceApi, 'list')
      .mockImplementation(async (_api, query) =>
        (query as { ids?: number[] }).ids ? paged([{ id: 55, original_title: 'Dune' }]) : paged([{ id: 1, original_title: 'Emma' }]),
      );
    const get = vi.spyOn(resourceApi, 'get');
    const props = {
      id: 'root_book_id',
      value: 55,
      onChange: vi.fn(),
      options: { source: { api: 'books/options', perPage: 10, searchParam: 'search', idsParam: 'ids', labelField: 'original_title' } },
      rawErrors: [],
      required: true,
    } as unknown as WidgetProps;
    const { container } = render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RemoteSelectWidget {...props} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(container.querySelector('.p-dropdown-label')?.textContent).toBe('Dune'));
    expect(list).toHaveBeenCalledWith('books/options', { perPage: 10 }, expect.anything());
    expect(list).toHaveBeenCalledWith('books/options', { perPage: 1, ids: [55] }, expect.anything());
    expect(get).not.toHaveBeenCalled();
  });
});
