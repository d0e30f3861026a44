import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSessionCheck, takeSessionCheck } from './session';

const admin = { id: 1, firstname: 'Ada', lastname: 'Lovelace', name: 'Ada Lovelace', email: 'ada@example.com' };
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the session check started ahead', () => {
  it('is taken by the first guard only; later guards check again', async () => {
    const fetchMock = vi.fn(async () => answer(200, { data: admin }));
    vi.stubGlobal('fetch', fetchMock);
    startSessionCheck();
    startSessionCheck();
    await expect(takeSessionCheck()).resolves.toEqual(admin);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(takeSessionCheck()).resolves.toEqual(admin);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('answers null when logged out', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { message: 'Unauthenticated.' })));
    startSessionCheck();
    await expect(takeSessionCheck()).resolves.toBeNull();
  });
});
