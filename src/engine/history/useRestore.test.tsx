import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RevisionAnswer, StaleRestoreAnswer } from '../../../common/historyAnswers';
import { ApiError } from '../api/ApiError';
import { queryKeys } from '../api/queryKeys';
import { subscribeNotices, type Notice } from '../notify/notifications';
import { historyCalls } from './historyCalls';
import { useRestore } from './useRestore';

afterEach(() => vi.restoreAllMocks());

const revision = (fields: Partial<RevisionAnswer>): RevisionAnswer => ({
  id: 1,
  resource: 'books',
  record_id: 3,
  version: 1,
  action: 'update',
  administrator: { id: 1, name: 'Staff Member' },
  label: 'The sheet',
  at: '2026-11-28T10:00:00.000Z',
  changes: {},
  screen: { name: 'reading-sheets', version: 0 },
  restored_from: null,
  ...fields,
});

function setup(onRestored = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useRestore({ api: 'books', recordId: '3', version: 7, screen: 'reading-sheets', onRestored }), { wrapper });
  return { ...hook, invalidate, onRestored };
}

describe('useRestore', () => {
  it('on a 409, keeps what changed in between to show, then restores anyway from the newest revision’s version', async () => {
    const notices: Notice[] = [];
    const stop = subscribeNotices((notice) => notices.push(notice));
    const mistaken = revision({
      id: 41,
      version: 7,
      changes: { titles: { locales: { fr: { from: 'Bon titre', to: 'Titre erroné' } } }, nb_pages: { from: 120, to: 999 } },
    });
    const stale: StaleRestoreAnswer = {
      message: 'This record was changed since you opened its history: see what changed, then choose again.',
      changes: { nb_pages: { from: 999, to: 321 } },
      revisions: [revision({ id: 42, version: 8, administrator: { id: 2, name: 'A Colleague' } }), revision({ id: 43, version: 9 })],
    };
    const restore = vi
      .spyOn(historyCalls, 'restore')
      .mockRejectedValueOnce(new ApiError(409, stale.message, {}, stale))
      .mockResolvedValueOnce({ message: 'Restored successfully', data: { id: 3 }, skipped: ['manuscript'] });
    try {
      const { result, invalidate, onRestored } = setup();
      act(() => result.current.ask({ revision: mistaken, fields: ['titles'] }));
      expect(result.current.state).toMatchObject({ version: 7, sending: false });

      await act(() => result.current.confirm());
      expect(restore).toHaveBeenLastCalledWith(41, { fields: ['titles'], version: 7 });
      expect(result.current.state).toMatchObject({ version: 9, sending: false, stale });
      expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.history('books', '3') });
      expect(onRestored).not.toHaveBeenCalled();
      expect(notices).toEqual([]);

      // 'Restore anyway': the same fields, from the record's version now.
      await act(() => result.current.confirm());
      expect(restore).toHaveBeenLastCalledWith(41, { fields: ['titles'], version: 9 });
      expect(result.current.state).toBeUndefined();
      expect(notices.map((notice) => [notice.severity, notice.detail])).toEqual([
        ['success', 'Restored successfully. Not brought back (changed by their own actions, or files): Manuscript.'],
      ]);
      expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.resource('books') });
      expect(onRestored).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('keeps a refusal’s message and errors to show, and sends nothing more', async () => {
    vi.spyOn(historyCalls, 'restore').mockRejectedValueOnce(
      new ApiError(422, 'The given data was invalid.', { 'fields.0': ['This field did not change in this revision.'] }),
    );
    const { result, onRestored } = setup();
    act(() => result.current.ask({ revision: revision({ id: 5 }), fields: ['names'] }));
    await act(() => result.current.confirm());
    expect(result.current.state).toMatchObject({
      sending: false,
      refusal: { message: 'The given data was invalid.', errors: { 'fields.0': ['This field did not change in this revision.'] } },
    });
    expect(result.current.state?.stale).toBeUndefined();
    expect(onRestored).not.toHaveBeenCalled();
    act(() => result.current.cancel());
    expect(result.current.state).toBeUndefined();
  });
});
