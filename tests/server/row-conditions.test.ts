import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { ROWS_MESSAGE } from '../../server/engine/declaredService.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { createRoleHolder, type RoleHolder } from '../helpers/roleHolder.js';

/**
 * A role's `rows` (docs/permissions.md): a condition in the list's own filters. The list, its
 * export and its bulk actions see only matching rows; reading, saving, deleting or reading the
 * history of another row answers 404; a save that would leave its record outside is refused.
 */
let t: TestApp;
let owner: string;
let holder: RoleHolder;
const ids: Record<string, number> = {};
const ALL = ['list', 'read', 'create', 'update', 'delete', 'export', 'bulk', 'history', 'restore'];

const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });
const genre = (en: string, parent_id: number | null) => ({ names: { en, fr: en }, color: '#0091ea', parent_id });
const idsOf = (answer: { json(): unknown }) => (answer.json() as { data: { id: number }[] }).data.map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 7, now: new Date('2026-06-15T00:00:00Z') });
  owner = await t.login();
  holder = await createRoleHolder(t);
  for (const [name, parent] of [
    ['Reached root', null],
    ['Other root', null],
    ['Reached child', 'Reached root'],
    ['Other child', 'Other root'],
  ] as const) {
    const saved = await as(owner, 'POST', 'genres', genre(name, parent ? ids[parent]! : null));
    expect(saved.statusCode, saved.body).toBe(200);
    ids[name] = saved.json<{ data: { id: number } }>().data.id;
  }
  await holder.grant({ screens: { genres: { actions: ALL, rows: { parent_id: [String(ids['Reached root'])] } } } });
}, 120_000);
afterAll(async () => t.close());

describe('A row condition on a declared resource', () => {
  it('bounds the list and its export to the matching rows', async () => {
    const list = await as(holder.cookie, 'GET', 'genres?perPage=100');
    expect(idsOf(list)).toEqual([ids['Reached child']]);
    // The reader's own filters narrow it further, never widen it.
    expect(idsOf(await as(holder.cookie, 'GET', `genres?perPage=100&parent_id=${ids['Other root']}`))).toEqual([]);
    const file = await as(holder.cookie, 'GET', 'genres/export?format=csv');
    expect(file.body).toContain('Reached child');
    expect(file.body).not.toContain('Other child');
  });

  it('answers 404 on reading, saving, deleting and the history of a row outside it', async () => {
    const outside = ids['Other child']!;
    expect((await as(holder.cookie, 'GET', `genres/${outside}`)).statusCode).toBe(404);
    expect((await as(holder.cookie, 'POST', `genres/${outside}`, genre('Taken', ids['Reached root']!))).statusCode).toBe(404);
    expect((await as(holder.cookie, 'DELETE', `genres/${outside}`)).statusCode).toBe(404);
    expect((await as(holder.cookie, 'GET', `history/genres/${outside}`)).statusCode).toBe(404);
    expect((await as(holder.cookie, 'GET', `genres/${ids['Reached child']}`)).statusCode).toBe(200);
    expect((await as(holder.cookie, 'GET', `history/genres/${ids['Reached child']}`)).statusCode).toBe(200);
    // Still there for the Owner.
    expect((await as(owner, 'GET', `genres/${outside}`)).json<{ data: { names: { en: string } } }>().data.names.en).toBe('Other child');
  });

  it('refuses a create or an update that would leave the record outside it', async () => {
    const created = await as(holder.cookie, 'POST', 'genres', genre('Elsewhere', ids['Other root']!));
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({ message: ROWS_MESSAGE });
    expect(idsOf(await as(owner, 'GET', 'genres?name=Elsewhere'))).toEqual([]);
    const within = await as(holder.cookie, 'POST', 'genres', genre('Within', ids['Reached root']!));
    expect(within.statusCode, within.body).toBe(200);
    const moved = await as(holder.cookie, 'POST', `genres/${ids['Reached child']}`, genre('Reached child', ids['Other root']!));
    expect(moved.statusCode).toBe(403);
    const renamed = await as(holder.cookie, 'POST', `genres/${ids['Reached child']}`, genre('Reached child, renamed', ids['Reached root']!));
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('holds each row of a bulk action to it', async () => {
    const bulk = await as(holder.cookie, 'POST', 'genres/bulk', { action: 'delete', ids: [ids['Other child']] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json<{ data: { done: number; refused: number } }>().data).toMatchObject({ done: 0, refused: 1 });
    expect((await as(owner, 'GET', `genres/${ids['Other child']}`)).statusCode).toBe(200);
  });
});

describe('A row condition on the reading sheets', () => {
  it('bounds their list and export, and answers 404 outside it', async () => {
    const all = (await as(owner, 'GET', 'books?perPage=100')).json<{ data: { id: number; status: { id: number } }[] }>().data;
    const status = all[0]!.status.id;
    const reached = all.filter((sheet) => sheet.status.id === status).map((sheet) => sheet.id);
    const other = all.find((sheet) => sheet.status.id !== status)!;
    expect(other).toBeDefined();
    await holder.grant({ screens: { books: { actions: ALL, rows: { statuses: [String(status)] } } } });
    const list = (await as(holder.cookie, 'GET', 'books?perPage=100')).json<{ data: { id: number; status: { id: number } }[] }>().data;
    expect(list.map((sheet) => sheet.id).sort()).toEqual(reached.sort());
    expect((await as(holder.cookie, 'GET', `books/${other.id}`)).statusCode).toBe(404);
    expect((await as(holder.cookie, 'GET', `books/${reached[0]}`)).statusCode).toBe(200);
    expect((await as(holder.cookie, 'DELETE', `books/${other.id}`)).statusCode).toBe(404);
    // The sheet's own routes too: its AI draft, its files.
    expect((await as(holder.cookie, 'GET', `ai-books/${other.id}`)).statusCode).toBe(404);
    expect((await as(holder.cookie, 'GET', `ai-books/${reached[0]}`)).statusCode).toBe(200);
    expect((await as(holder.cookie, 'DELETE', `utilities/book-manuscript/${other.id}`)).statusCode).toBe(404);
    // The sheets' picker follows their list.
    const options = (await as(holder.cookie, 'GET', 'books/options?perPage=100')).json<{ data: { id: number }[] }>().data;
    expect(options.map((sheet) => sheet.id).sort()).toEqual([...reached].sort());
    const file = await as(holder.cookie, 'GET', 'books/export?format=csv');
    expect(file.statusCode).toBe(200);
    expect(file.body.trim().split(/\r?\n/).length - 1).toBe(reached.length);
  });
});
