import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../engine/api/ApiError';
import { queryKeys } from '../../engine/api/queryKeys';
import { resourceApi, type ApiRecord } from '../../engine/api/resourceApi';
import { subscribeNotices, type Notice } from '../../engine/notify/notifications';
import { RequestStatusCell } from './RequestStatusCell';
import { requiresCommentary, statusUpdateBody } from './statusUpdate';
import { useStatusChange } from './useStatusChange';
import { SAMPLE_REQUEST } from './sampleRequest';

const ROW: ApiRecord = SAMPLE_REQUEST;

const STATUSES = [
  { id: 1, name: 'New', requires_commentary: false },
  { id: 2, name: 'In progress', requires_commentary: false },
  { id: 4, name: 'Refused', requires_commentary: true },
];

let queryClient: QueryClient;
let notices: Notice[];
let unsubscribe: () => void;
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.options('utilities/demand-statuses', { perPage: 300 }), STATUSES);
  notices = [];
  unsubscribe = subscribeNotices((notice) => notices.push(notice));
});
afterEach(() => {
  unsubscribe();
  cleanup();
  vi.restoreAllMocks();
});

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

describe('statusUpdateBody', () => {
  it('sends every field of the request as read, its version, and the new status', () => {
    expect(statusUpdateBody(ROW, 2)).toEqual({
      book_id: 12,
      user_id: 7,
      demand_date: '2026-11-02',
      demand_end_date: null,
      demand_type_id: 2,
      demand_status_id: 2,
      commentary: null,
      version: 3,
    });
  });

  it('replaces the commentary when one is given', () => {
    expect(statusUpdateBody({ ...ROW, commentary: 'Old' }, 4, 'Rights sold')).toMatchObject({ demand_status_id: 4, commentary: 'Rights sold' });
    expect(statusUpdateBody({ ...ROW, commentary: 'Old' }, 2)).toMatchObject({ commentary: 'Old' });
  });
});

describe('requiresCommentary', () => {
  it('follows the status list flag, and status 4 when the list has none', () => {
    expect(requiresCommentary({ id: 4, requires_commentary: true }, 4)).toBe(true);
    expect(requiresCommentary({ id: 3, requires_commentary: true }, 3)).toBe(true);
    expect(requiresCommentary({ id: 4, requires_commentary: false }, 4)).toBe(false);
    expect(requiresCommentary(undefined, 4)).toBe(true);
    expect(requiresCommentary({ id: 2 }, 2)).toBe(false);
  });
});

describe('useStatusChange', () => {
  it('shows the chosen status while confirming, saves the whole request and fetches the requests again', async () => {
    const save = vi.spyOn(resourceApi, 'save').mockResolvedValue({ message: 'Updated successfully', data: { ...ROW, demand_status_id: 2 } });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useStatusChange(ROW), { wrapper });
    act(() => result.current.choose(2));
    expect(result.current).toMatchObject({ shown: 2, step: 'confirm' });
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.confirm(false);
    });
    expect(saved).toBe(true);
    expect(save).toHaveBeenCalledWith('demands', 9, statusUpdateBody(ROW, 2));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.resource('demands') });
    expect(result.current.step).toBe('idle');
  });

  it('asks for the commentary when the status needs one, and sends it', async () => {
    const save = vi.spyOn(resourceApi, 'save').mockResolvedValue({ message: 'Updated successfully', data: ROW });
    const { result } = renderHook(() => useStatusChange(ROW), { wrapper });
    act(() => result.current.choose(4));
    await act(async () => {
      expect(await result.current.confirm(true)).toBe(false);
    });
    expect(result.current).toMatchObject({ step: 'commentary', commenting: true, shown: 4 });
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      await result.current.saveWithCommentary('Rights sold');
    });
    expect(save).toHaveBeenCalledWith('demands', 9, { ...statusUpdateBody(ROW, 4), commentary: 'Rights sold' });
    expect(result.current.commenting).toBe(false);
  });

  it("puts the old status back and says 'Request update Failed' when the save fails (stale version)", async () => {
    vi.spyOn(resourceApi, 'save').mockRejectedValue(
      new ApiError(409, 'This request was changed by someone else since you opened it. Reload it to see their changes.'),
    );
    const { result } = renderHook(() => useStatusChange(ROW), { wrapper });
    act(() => result.current.choose(2));
    await act(async () => {
      expect(await result.current.confirm(false)).toBe(false);
    });
    expect(result.current).toMatchObject({ shown: 1, step: 'idle' });
    expect(notices).toContainEqual(expect.objectContaining({ severity: 'error', summary: 'Failed', detail: 'Request update Failed' }));
  });

  it('changes nothing when cancelled or when the same status is chosen', () => {
    const save = vi.spyOn(resourceApi, 'save');
    const { result } = renderHook(() => useStatusChange(ROW), { wrapper });
    act(() => result.current.choose(1));
    expect(result.current.step).toBe('idle');
    act(() => result.current.choose(4));
    act(() => result.current.cancel());
    expect(result.current).toMatchObject({ shown: 1, step: 'idle', commenting: false });
    expect(save).not.toHaveBeenCalled();
  });
});

describe('RequestStatusCell', () => {
  const renderCell = (row: ApiRecord = ROW) =>
    render(
      <QueryClientProvider client={queryClient}>
        <ConfirmDialog />
        <RequestStatusCell value={row.demand_status_id} row={row} />
      </QueryClientProvider>,
    );

  /** The status the select shows (its visible label). */
  const shown = () => document.querySelector('.request-status-select .p-dropdown-label')?.textContent;

  async function pick(name: string) {
    fireEvent.click(document.querySelector('.request-status-select')!);
    // The overlay is there but not yet visible to role queries (its transition): found by its label.
    const option = await waitFor(() => document.querySelector(`.p-dropdown-panel li[role=option][aria-label="${name}"]`)!);
    fireEvent.click(option);
  }

  it("asks 'Are you sure, you want to update this request from' the user's name and e-mail; No keeps the old status", async () => {
    const save = vi.spyOn(resourceApi, 'save');
    renderCell();
    await pick('In progress');
    expect(await screen.findByText('Are you sure, you want to update this request from Ann Lee ann@example.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(shown()).toBe('New'));
    expect(save).not.toHaveBeenCalled();
  });

  it("for status 4, asks the commentary in 'Update Request' (refusing it empty) and saves on Confirm", async () => {
    const save = vi.spyOn(resourceApi, 'save').mockResolvedValue({ message: 'Updated successfully', data: ROW });
    renderCell();
    await pick('Refused');
    expect(shown()).toBe('Refused');
    await screen.findByText('Are you sure, you want to update this request from Ann Lee ann@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Request' });
    const commentary = screen.getByLabelText('Commentary') as HTMLTextAreaElement;
    expect(commentary.rows).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe('Write a commentary: this status needs one.');
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(commentary, { target: { value: 'Rights sold' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('demands', 9, { ...statusUpdateBody(ROW, 4), commentary: 'Rights sold' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });
});
