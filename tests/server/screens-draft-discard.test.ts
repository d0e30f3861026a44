import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenDrafts } from '../../server/db/schema/index.js';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- definitions changed by path in tests

describe('DELETE admin/screens/{name}/draft: staff throw a draft away', () => {
  let t: TestApp;
  let cookie: string;
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => t?.close());

  it('deletes the draft and leaves the published version in use; a second discard finds nothing to do and says the same', async () => {
    const definition = structuredClone(loadScreenFiles().get('times')!) as Json;
    definition.list.columns[0].width = '9rem';
    expect((await call('PUT', 'screens/times/draft', { definition, labels: {} })).statusCode).toBe(200);
    expect((await call('POST', 'screens/times/publish', { baseVersion: 0, comment: 'Wider ids' })).statusCode).toBe(200);
    definition.list.columns[0].width = '2rem';
    expect((await call('PUT', 'screens/times/draft', { definition, labels: {} })).statusCode).toBe(200);
    expect((await call('GET', 'screens')).json().data.find((row: Json) => row.name === 'times').hasDraft).toBe(true);

    const discarded = await call('DELETE', 'screens/times/draft');
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json()).toEqual({ message: 'Draft discarded: the screen stays as published.' });
    expect(await t.database.db.select().from(screenDrafts).where(eq(screenDrafts.screen, 'times'))).toEqual([]);
    const screen = (await call('GET', 'screens/times')).json().data;
    expect(screen).toMatchObject({ version: 1, draft: null });
    expect(screen.definition.list.columns[0].width).toBe('9rem');
    expect((await call('GET', 'screens')).json().data.find((row: Json) => row.name === 'times').hasDraft).toBe(false);
    // Nothing left to publish: the publish says so.
    expect((await call('POST', 'screens/times/publish', { baseVersion: 1 })).statusCode).toBe(422);

    expect((await call('DELETE', 'screens/times/draft')).json()).toEqual({ message: 'Draft discarded: the screen stays as published.' });
  });

  it('answers 404 for a screen that does not exist, 401 without a session', async () => {
    expect((await call('DELETE', 'screens/nothing/draft')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/screens/times/draft' })).statusCode).toBe(401);
  });
});
