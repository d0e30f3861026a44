import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeNotices } from '../notify/notifications';
import { call, sendEarly } from './apiClient';
import { fetchCurrentAdmin, login, logout } from './session';

const admin = { id: 1, firstname: 'Ada', lastname: 'Lovelace', name: 'Ada Lovelace', email: 'ada@example.com' };
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the session check sent ahead', () => {
  it('is taken by the first guard only; later guards check again', async () => {
    const fetchMock = vi.fn(async () => answer(200, { data: admin }));
    vi.stubGlobal('fetch', fetchMock);
    sendEarly(['me']);
    sendEarly(['me']);
    await expect(fetchCurrentAdmin()).resolves.toEqual(admin);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(fetchCurrentAdmin()).resolves.toEqual(admin);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('answers null when logged out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { message: 'Unauthenticated.' })),
    );
    sendEarly(['me']);
    await expect(fetchCurrentAdmin()).resolves.toBeNull();
  });
});

describe('logout', () => {
  /** A server whose lists answer only when told to, and whose session ends at logout: a call answered after it is a 401. */
  function server() {
    const sent: string[] = [];
    const cancelled: string[] = [];
    let loggedIn = true;
    const fetchMock = vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname.replace('/api/admin/', '');
      sent.push(`${input.method} ${path}`);
      if (path === 'auth/logout') {
        loggedIn = false;
        return answer(200, { message: 'Logged out' });
      }
      if (path === 'auth/login') {
        loggedIn = true;
        return answer(200, { data: admin });
      }
      if (path === 'genres') return answer(200, { data: [] });
      // A slow list: still on its way when the administrator logs out.
      return new Promise<Response>((resolve, reject) => {
        input.signal.addEventListener('abort', () => {
          cancelled.push(path);
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
        setTimeout(() => resolve(loggedIn ? answer(200, { data: [] }) : answer(401, { message: 'Unauthenticated.' })), 5_000);
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    return { sent, cancelled };
  }

  it('cancels the calls and queries in flight, sends none until the next login, and says nothing', async () => {
    const { sent, cancelled } = server();
    const notices: string[] = [];
    const stop = subscribeNotices((notice) => notices.push(`${notice.severity}: ${notice.detail}`));
    try {
      const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const list = queries
        .fetchQuery({ queryKey: ['books', 'list'], queryFn: ({ signal }) => call('get', 'books', { signal }) })
        .catch((error: unknown) => error);
      // A call of no query (the header's settings): cancelled all the same.
      const settings = call('get', 'client-config').catch((error: unknown) => error);
      await vi.waitFor(() => expect(sent).toEqual(['GET books', 'GET client-config']));

      await logout(queries);
      expect(cancelled.sort()).toEqual(['books', 'client-config']);
      expect(sent.at(-1)).toBe('POST auth/logout');
      await expect(settings).resolves.toMatchObject({ name: 'AbortError' });
      await list;
      // The query is back to what it held (nothing), not in error.
      expect(queries.getQueryState(['books', 'list'])).toMatchObject({ status: 'pending', fetchStatus: 'idle', error: null });

      // A page polling on its way to the login page: its call never leaves.
      const count = sent.length;
      await expect(call('get', 'books')).rejects.toMatchObject({ name: 'AbortError' });
      await expect(queries.fetchQuery({ queryKey: ['genres'], queryFn: ({ signal }) => call('get', 'genres', { signal }) })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(sent).toHaveLength(count);
      expect(notices).toEqual([]);

      // Logged in again: calls go again.
      await login(admin.email, 'a-password');
      await expect(call('get', 'genres')).resolves.toEqual({ data: [] });
      expect(sent.slice(count)).toEqual(['POST auth/login', 'GET genres']);
      expect(notices).toEqual([]);
    } finally {
      stop();
    }
  });

  it('lets a session found by the session check (a login in another tab) send its calls again', async () => {
    const { sent } = server();
    await logout();
    await expect(call('get', 'genres')).rejects.toMatchObject({ name: 'AbortError' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        sent.push(`${input.method} ${new URL(input.url).pathname}`);
        return new URL(input.url).pathname.endsWith('/me') ? answer(200, { data: admin }) : answer(200, { data: [] });
      }),
    );
    await expect(fetchCurrentAdmin()).resolves.toEqual(admin);
    await expect(call('get', 'genres')).resolves.toEqual({ data: [] });
  });
});
