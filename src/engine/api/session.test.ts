import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendEarly } from './apiClient';
import { fetchCurrentAdmin } from './session';

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
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { message: 'Unauthenticated.' })));
    sendEarly(['me']);
    await expect(fetchCurrentAdmin()).resolves.toBeNull();
  });
});
