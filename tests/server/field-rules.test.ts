import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { createRoleHolder, type RoleHolder } from '../helpers/roleHolder.js';
import { insertUser } from '../helpers/subscribers.js';

/**
 * A role's field rules (docs/permissions.md), held by the engine on every path a record takes: a
 * hidden field is in no record, list, export, history or bulk action, and no filter reaches it; a
 * read-only one is shown, kept when a save leaves it out and refused (403, in words) when changed.
 */
let t: TestApp;
let owner: string;
let holder: RoleHolder;
let genre: number;
const ALL = ['list', 'read', 'create', 'update', 'delete', 'export', 'bulk', 'history', 'restore'];

const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login();
  holder = await createRoleHolder(t);
  const created = await as(owner, 'POST', 'genres', { names: { en: 'Noir', fr: 'Noir' }, color: '#112233' });
  genre = created.json<{ data: { id: number } }>().data.id;
  await as(owner, 'POST', `genres/${genre}`, { names: { en: 'Dark noir', fr: 'Noir sombre' }, color: '#445566' });
}, 60_000);
afterAll(async () => t.close());

describe('A hidden field', () => {
  beforeAll(async () => holder.grant({ screens: { genres: { actions: ALL, fields: { color: 'hidden' } } } }));

  it('is in no record, list or history of the reader, and comes back to an Owner', async () => {
    const record = (await as(holder.cookie, 'GET', `genres/${genre}`)).json<{ data: Record<string, unknown> }>().data;
    expect(record).toMatchObject({ id: genre, names: { en: 'Dark noir' } });
    expect(record).not.toHaveProperty('color');
    const list = (await as(holder.cookie, 'GET', 'genres?perPage=100')).json<{ data: Record<string, unknown>[] }>().data;
    expect(list.length).toBeGreaterThan(0);
    for (const row of list) expect(row).not.toHaveProperty('color');
    const history = (await as(holder.cookie, 'GET', `history/genres/${genre}`)).json<{ data: { changes: Record<string, unknown> }[] }>().data;
    expect(history.length).toBe(2);
    for (const revision of history) expect(Object.keys(revision.changes)).not.toContain('color');
    expect(Object.keys(history[0]!.changes)).toContain('names');
    const seen = (await as(owner, 'GET', `genres/${genre}`)).json<{ data: Record<string, unknown> }>().data;
    expect(seen.color).toBe('#445566');
  });

  it('is no column of the export', async () => {
    const file = await as(holder.cookie, 'GET', 'genres/export?format=csv');
    expect(file.statusCode).toBe(200);
    const header = file.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(header).toMatch(/Name/);
    expect(header).not.toMatch(/colour/i);
    const ownerHeader = (await as(owner, 'GET', 'genres/export?format=csv')).body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(ownerHeader).toMatch(/colour/i);
  });

  it('keeps its stored value when a save leaves it out, and refuses one that changes it', async () => {
    const saved = await as(holder.cookie, 'POST', `genres/${genre}`, { names: { en: 'Noir again', fr: 'Noir encore' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: Record<string, unknown> }>().data).not.toHaveProperty('color');
    const stored = (await as(owner, 'GET', `genres/${genre}`)).json<{ data: Record<string, unknown> }>().data;
    expect(stored).toMatchObject({ color: '#445566', names: { en: 'Noir again' } });
    const changed = await as(holder.cookie, 'POST', `genres/${genre}`, { names: { en: 'Noir again', fr: 'Noir encore' }, color: '#000000' });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toEqual({
      message: 'Your roles do not allow changing the display colour field.',
      errors: { color: ['Your roles do not allow changing the display colour field.'] },
    });
  });

  it('cannot be filtered on', async () => {
    await holder.grant({ screens: { users: { actions: ALL, fields: { is_accepted: 'hidden' } } } });
    const refused = await as(holder.cookie, 'GET', 'users?is_accepted=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('Your roles do not allow filtering by the validation field.');
    expect((await as(holder.cookie, 'GET', 'users/export?format=csv&is_accepted=1')).statusCode).toBe(403);
    expect((await as(holder.cookie, 'GET', 'users')).statusCode).toBe(200);
  });
});

describe('A read-only field', () => {
  it('is shown, and a bulk action setting it is refused', async () => {
    await holder.grant({ screens: { users: { actions: ALL, fields: { is_accepted: 'readOnly', email: 'hidden' } } } });
    const user = await insertUser(t.database.db);
    const record = (await as(holder.cookie, 'GET', `users/${user}`)).json<{ data: Record<string, unknown> }>().data;
    expect(record).toHaveProperty('is_accepted');
    expect(record).not.toHaveProperty('email');
    // The user pickers name their users without it.
    const options = (await as(holder.cookie, 'GET', `users/user-options-list?ids=${user}`)).json<{ data: Record<string, unknown>[] }>().data;
    expect(options[0]).toMatchObject({ id: user, fullname: expect.any(String) });
    expect(options[0]).not.toHaveProperty('email');
    const bulk = await as(holder.cookie, 'POST', 'users/bulk', { action: 'set', field: 'is_accepted', value: true, ids: [user] });
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json<{ message: string }>().message).toMatch(/^Your roles do not allow changing the .+ field\.$/);
    const after = (await as(owner, 'GET', `users/${user}`)).json<{ data: Record<string, unknown> }>().data;
    expect(after.is_accepted).toBe(false);
  });

  it('is kept when a save leaves it out and refused when a save changes it', async () => {
    await holder.grant({ screens: { genres: { actions: ALL, fields: { names: 'readOnly' } } } });
    const kept = await as(holder.cookie, 'POST', `genres/${genre}`, { color: '#abcdef' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<{ data: Record<string, unknown> }>().data).toMatchObject({ color: '#abcdef', names: { en: 'Noir again' } });
    const same = await as(holder.cookie, 'POST', `genres/${genre}`, { names: { en: 'Noir again', fr: 'Noir encore' }, color: '#abcdef' });
    expect(same.statusCode, same.body).toBe(200);
    const changed = await as(holder.cookie, 'POST', `genres/${genre}`, { names: { en: 'Renamed', fr: 'Noir encore' }, color: '#abcdef' });
    expect(changed.statusCode).toBe(403);
    expect(changed.json<{ message: string }>().message).toBe('Your roles do not allow changing the name field.');
    const created = await as(holder.cookie, 'POST', 'genres', { names: { en: 'New one' }, color: '#abcdef' });
    expect(created.statusCode).toBe(403);
  });
});
