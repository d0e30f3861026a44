import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeNotices } from '../notify/notifications';
import { call, sendEarly } from './apiClient';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const urlOf = (input: unknown) => (input instanceof Request ? input.url : String(input));

afterEach(() => vi.unstubAllGlobals());

describe('sendEarly', () => {
  it('sends the request in the same task; the first GET of that path takes its answer, the next asks again', async () => {
    const fetchMock = vi.fn(async (_input: unknown, _init?: unknown) => answer(200, { data: { answer: fetchMock.mock.calls.length } }));
    vi.stubGlobal('fetch', fetchMock);

    sendEarly(['books/7']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(urlOf(fetchMock.mock.calls[0]![0])).toBe(new URL('/api/admin/books/7', window.location.href).href);

    await expect(call('get', 'books/7')).resolves.toEqual({ data: { answer: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(call('get', 'books/7')).resolves.toEqual({ data: { answer: 2 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('leaves other paths and other methods to their own request', async () => {
    const fetchMock = vi.fn(async (input: unknown) => answer(200, { url: urlOf(input) }));
    vi.stubGlobal('fetch', fetchMock);

    sendEarly(['me']);
    await call('get', 'books/8');
    await call('post', 'me', { json: {}, silentSuccess: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await call('get', 'me');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('applies the call rules to an early failure: the status and the server message reach the caller', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, { message: 'No such sheet' })),
    );
    sendEarly(['books/9']);
    await expect(call('get', 'books/9', { quiet: true })).rejects.toMatchObject({ status: 404, message: 'No such sheet' });
  });
});

describe('call', () => {
  it('toasts no 404 when the page says it (quietNotFound), but still toasts any other failure', async () => {
    const notices: string[] = [];
    const stop = subscribeNotices((notice) => notices.push(`${notice.severity}: ${notice.detail}`));
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answer(404, { message: 'Reading sheet not found' })),
      );
      await expect(call('get', 'books/99999', { quietNotFound: true })).rejects.toMatchObject({ status: 404 });
      expect(notices).toEqual([]);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answer(500, { message: 'Server down' })),
      );
      await expect(call('get', 'books/1', { quietNotFound: true })).rejects.toMatchObject({ status: 500 });
      expect(notices).toEqual(['error: Server down']);
    } finally {
      stop();
    }
  });
});
