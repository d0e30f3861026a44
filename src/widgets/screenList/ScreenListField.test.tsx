import type { FieldProps } from '@rjsf/utils';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../engine/api/queryKeys';
import { resourceApi } from '../../engine/api/resourceApi';
import { RegistriesProvider } from '../../engine/registries';
import { registries } from '../registry';
import { ScreenListField } from './ScreenListField';
import { SAMPLE_REQUEST } from '../requestStatus/sampleRequest';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ROW = SAMPLE_REQUEST;

function renderField(recordId: string | undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.options('utilities/demand-statuses', { perPage: 300 }), [{ id: 1, name: 'New' }]);
  queryClient.setQueryData(queryKeys.options('utilities/demand-types', { perPage: 300 }), [{ id: 2, name: 'Option' }]);
  const props = {
    uiSchema: { 'ui:options': { screen: 'demands', fixed: { user_id: '$recordId' } } },
    schema: { title: 'Requests' },
    registry: { formContext: { recordId } },
  } as unknown as FieldProps;
  const router = createMemoryRouter(
    [
      { path: '/user/:id', element: <ScreenListField {...props} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/user/7'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RegistriesProvider value={registries}>
        <RouterProvider router={router} />
      </RegistriesProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('ScreenListField', () => {
  it("shows the requests screen's table filtered on this record, and a row's edit opens request-save", async () => {
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValue({ data: [ROW], meta: { total: 1, current_page: 1, per_page: 10, last_page: 1 } } as never);
    const router = renderField('7');
    await screen.findByText('Ann Lee (Films)');
    expect(list).toHaveBeenCalledWith('demands', { user_id: '7', page: 1, perPage: 10 }, expect.anything());
    // The e-mail may break at its @: the cell holds it whole, and says it whole on hover.
    expect(screen.getByTitle('ann@example.test').textContent).toBe('ann@example.test');
    expect(screen.getByRole('link', { name: 'Dune (Frank Herbert)' }).getAttribute('href')).toBe('/reading-sheet/12');
    expect(screen.getByText('Option')).toBeTruthy();
    // The status and type filters of the definition.
    expect(screen.getByRole('search', { name: 'Filters' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/request/9'));
  });

  it('shows nothing on a record not saved yet', () => {
    const list = vi.spyOn(resourceApi, 'list');
    const { container } = render(
      <ScreenListField
        {...({
          uiSchema: { 'ui:options': { screen: 'demands', fixed: { user_id: '$recordId' } } },
          schema: {},
          registry: { formContext: {} },
        } as unknown as FieldProps)}
      />,
    );
    expect(container.innerHTML).toBe('');
    expect(list).not.toHaveBeenCalled();
  });
});
