import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, setSessionHandlers } from '../api/apiClient';
import { subscribeNotices, type Notice } from '../notify/notifications';
import { dropKeptChanges, isSessionLost, keepUnsavedChanges, keptChangesOf, registerKeeper, sessionResumed } from './keptChanges';
import { pendingReturn, rememberReturnPath, takeReturnPath } from './returnPath';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  sessionResumed();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('kept changes', () => {
  it('keeps each dirty page under its own path (route and record), once per lost session', () => {
    const removeGenre = registerKeeper('/genre/1', () => ({ value: { name: { en: 'Drama, edited' } } }));
    const removeSheet = registerKeeper('/reading-sheet/7', () => ({ value: { original_title: 'Kept' } }));
    expect(keepUnsavedChanges()).toBe(true);
    expect(isSessionLost()).toBe(true);
    expect(keptChangesOf('/genre/1')).toMatchObject({ value: { name: { en: 'Drama, edited' } }, filesLeftOut: false });
    expect(keptChangesOf('/reading-sheet/7')?.value).toEqual({ original_title: 'Kept' });
    expect(keptChangesOf('/genre/2')).toBeUndefined();

    // A later 401 of the same loss keeps nothing again (the pages may be gone by then).
    removeGenre();
    removeSheet();
    dropKeptChanges('/genre/1');
    expect(keepUnsavedChanges()).toBe(false);
    expect(keptChangesOf('/genre/1')).toBeUndefined();
    expect(keptChangesOf('/reading-sheet/7')).toBeDefined();
  });

  it('leaves files out, and says so; a page that stopped being dirty keeps nothing', () => {
    const file = new File(['x'], 'cover.png', { type: 'image/png' });
    registerKeeper('/news/3', () => ({ value: { title: 'With image', image: file } }))();
    const remove = registerKeeper('/news/4', () => ({ value: { title: 'With image', image: file } }));
    registerKeeper('/reading-sheet/2', () => ({ value: { original_title: 'T' }, newFiles: true }));
    keepUnsavedChanges();
    expect(keptChangesOf('/news/3')).toBeUndefined();
    expect(keptChangesOf('/news/4')).toMatchObject({ value: { title: 'With image' }, filesLeftOut: true });
    expect(keptChangesOf('/reading-sheet/2')?.filesLeftOut).toBe(true);
    remove();
  });

  it('drops what it cannot read instead of offering it', () => {
    window.sessionStorage.setItem('admin.keptChanges:/genre/5', '{not json');
    expect(keptChangesOf('/genre/5')).toBeUndefined();
    expect(window.sessionStorage.getItem('admin.keptChanges:/genre/5')).toBeNull();
  });
});

describe('a 401 from the API', () => {
  it('keeps the changes, goes to login once and toasts once, whatever else fails after it', async () => {
    const notices: Notice[] = [];
    const unsubscribe = subscribeNotices((notice) => notices.push(notice));
    const onUnauthorized = vi.fn();
    setSessionHandlers({ onUnauthorized, onForbidden: vi.fn() });
    const remove = registerKeeper('/genre/1', () => ({ value: { name: { en: 'Unsaved' } } }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { message: 'Unauthenticated.' })),
    );

    await expect(call('post', 'genres/1', { json: {} })).rejects.toMatchObject({ status: 401 });
    await expect(call('get', 'genres')).rejects.toMatchObject({ status: 401 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call('get', 'genres')).rejects.toMatchObject({ status: 0 });

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notices.map((notice) => [notice.summary, notice.detail])).toEqual([['Error', 'Unauthenticated.']]);
    expect(keptChangesOf('/genre/1')?.value).toEqual({ name: { en: 'Unsaved' } });

    // Logged in again: the next loss is said again.
    sessionResumed();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { message: 'Unauthenticated.' })),
    );
    await expect(call('get', 'genres')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    remove();
    unsubscribe();
  });
});

describe('the way back after logging in', () => {
  it('comes back to the page (with its query) once, and never leaves the app', () => {
    expect(takeReturnPath()).toBe('/');
    rememberReturnPath('/genres?q=dra&page=2', true);
    expect(pendingReturn()).toEqual({ path: '/genres?q=dra&page=2', expired: true });
    expect(takeReturnPath()).toBe('/genres?q=dra&page=2');
    expect(takeReturnPath()).toBe('/');
    for (const elsewhere of ['', 'https://evil.example', '//evil.example', '/\\evil.example', '/auth/login']) {
      rememberReturnPath(elsewhere, false);
      expect(takeReturnPath(), elsewhere).toBe('/');
    }
    // Written by hand (another tab's script, an old version): still checked when read.
    window.sessionStorage.setItem('admin.returnPath', JSON.stringify({ path: '//evil.example', expired: false }));
    expect(takeReturnPath()).toBe('/');
  });
});
