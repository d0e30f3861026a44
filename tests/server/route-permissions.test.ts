import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, effectivePermissions, SCREEN_ACTIONS, SYSTEM_PERMISSIONS, type RolePermissions, type ScreenAction } from '../../common/permissions.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { createRoleHolder, type RoleHolder } from '../helpers/roleHolder.js';

/**
 * Every operation of the OpenAPI document declares what it needs (`x-permission`), and the server
 * holds it: a role lacking exactly that is refused with 403 before anything else is read, and a
 * role holding only that is not refused (docs/permissions.md). Generated from the document, so a
 * route added later is walked too.
 */
type Need = 'public' | 'self' | { system: string } | { screen: string; action: ScreenAction };
type Operation = { 'x-permission'?: Need };

let t: TestApp;
let owner: string;
let holder: RoleHolder;
let paths: Record<string, Record<string, Operation>>;
let revision: number;
let screens: string[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login();
  holder = await createRoleHolder(t);
  paths = ((await t.as(owner, { method: 'GET', url: '/api/openapi.json' })).json() as { paths: typeof paths }).paths;
  screens = [...t.app.services.resources.values()].flatMap(({ definition }) => (definition.screen ? [definition.api] : []));
  const created = await t.as(owner, { method: 'POST', url: '/api/admin/genres', payload: { names: { en: 'Permissions probe' }, color: '#0091ea' } });
  expect(created.statusCode, created.body).toBe(200);
  const history = (await t.as(owner, { method: 'GET', url: '/api/admin/history?resource=genres' })).json() as { data: { id: number }[] };
  revision = history.data[0]!.id;
}, 60_000);
afterAll(async () => t.close());

/** The screen a need names, the request's own where the document says it is read from it. */
const screenOf = (screen: string) =>
  screen === '{resource}' || screen === "the revision's resource" ? 'genres' : screen === 'the resource its folder names' ? 'books' : screen;

/** The path of an operation with its parameters filled: unknown ids, the probe's revision, the genres screen. */
function urlOf(path: string): string {
  return path
    .replace('{revision}', String(revision))
    .replace('{resource}', 'genres')
    .replace('{name}', 'genres')
    .replace('{stamp}', '1.js')
    .replace('{v}', '1')
    .replace('{*}', 'books/2026/01/0b1e6c3e-8d2f-4f3a-9b7e-1c2d3e4f5a6b.pdf')
    .replace(/\{\w+\}/g, '999999');
}

/** Every screen with every action and every system permission, but what the need asks. */
function lacking(need: Exclude<Need, 'public' | 'self'>): RolePermissions {
  const all = Object.fromEntries(screens.map((screen) => [screen, { actions: [...SCREEN_ACTIONS] }]));
  if ('system' in need) return { screens: all, system: SYSTEM_PERMISSIONS.filter((permission) => permission !== need.system) };
  const screen = screenOf(need.screen);
  all[screen] = { actions: SCREEN_ACTIONS.filter((action) => action !== need.action) };
  // The administrators and the roles are governed by their system permissions too.
  const system = SYSTEM_PERMISSIONS.filter((permission) => !(['administrators', 'roles'].includes(screen) && ['administrators', 'roles'].includes(permission)));
  return { screens: all, system };
}

/** Only what the need asks. */
function holding(need: Exclude<Need, 'public' | 'self'>): RolePermissions {
  if ('system' in need) return { system: [need.system] };
  const screen = screenOf(need.screen);
  return { screens: { [screen]: { actions: [need.action] } }, system: ['administrators', 'roles'].includes(screen) ? [screen] : [] };
}

const operations = () =>
  Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })));

describe('Every operation of the OpenAPI document', () => {
  it('declares what it needs, shown on the operation', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(150);
    for (const { path, method, operation } of all) expect(operation['x-permission'], `${method} ${path}`).toBeDefined();
    expect(paths['/api/admin/genres/{id}']!.delete!['x-permission']).toEqual({ screen: 'genres', action: 'delete' });
    expect(paths['/api/admin/books/export']!.get!['x-permission']).toEqual({ screen: 'books', action: 'export' });
    expect(paths['/api/admin/screens/{name}/publish']!.post!['x-permission']).toEqual({ system: 'studio.publish' });
    expect(paths['/api/admin/auth/login']!.post!['x-permission']).toBe('public');
    expect(paths['/api/admin/me']!.get!['x-permission']).toBe('self');
  });

  it('needs what staff would expect of the sensitive ones', () => {
    const need = (path: string, method: string) => paths[`/api/admin/${path}`]![method]!['x-permission'];
    expect(need('users/validate/{id}', 'post')).toEqual({ system: 'subscriptions' });
    expect(need('users/{id}/credits', 'post')).toEqual({ system: 'subscriptions' });
    expect(need('plans/{id}', 'post')).toEqual({ system: 'subscriptions' });
    expect(need('plans/{id}/cancel', 'delete')).toEqual({ system: 'subscriptions' });
    expect(need('ai-books/ai-book-generation', 'post')).toEqual({ system: 'ai' });
    expect(need('history', 'get')).toEqual({ system: 'activity' });
    expect(need('history/{revision}/restore', 'post')).toEqual({ screen: "the revision's resource", action: 'restore' });
    expect(need('history/{resource}/{id}', 'get')).toEqual({ screen: '{resource}', action: 'history' });
    expect(need('administrators/{id}', 'post')).toEqual({ screen: 'administrators', action: 'update' });
    expect(need('roles', 'post')).toEqual({ screen: 'roles', action: 'create' });
    expect(need('users/user-options-list', 'get')).toEqual({ screen: 'users', action: 'list' });
    expect(need('books/options', 'get')).toEqual({ screen: 'books', action: 'list' });
    expect(need('reporters/delete-book', 'delete')).toEqual({ screen: 'reporters', action: 'update' });
    expect(need('screens/{name}/draft', 'put')).toEqual({ system: 'studio.edit' });
    expect(need('screens/{name}/rollback', 'post')).toEqual({ system: 'studio.publish' });
    expect(need('screens/{name}/published', 'delete')).toEqual({ system: 'studio.publish' });
    // What any administrator may write is their own: saved views, their bulk jobs, their session.
    const selfWrites = operations()
      .filter(({ method, operation }) => method !== 'GET' && operation['x-permission'] === 'self')
      .map(({ method, path }) => `${method} ${path}`);
    expect(selfWrites.sort()).toEqual([
      'DELETE /api/admin/views/{id}',
      'POST /api/admin/bulk-jobs/{id}/resume',
      'POST /api/admin/views',
      'PUT /api/admin/views/default',
      'PUT /api/admin/views/{id}',
    ]);
  });

  it('refuses a role lacking its permission with 403 and lets one holding it through', async () => {
    const refusals: string[] = [];
    const crossings: string[] = [];
    for (const { path, method, operation } of operations()) {
      const need = operation['x-permission']!;
      const url = urlOf(path);
      const request = { method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: {} }) };
      if (need === 'public') {
        if (path.endsWith('/logout')) continue; // it would end the holder's session: the login test has it
        const answer = await t.app.inject(request);
        if ([401, 403].includes(answer.statusCode)) crossings.push(`${method} ${path} (public): ${answer.statusCode}`);
        continue;
      }
      if (need === 'self') {
        await holder.grant({});
        const answer = await t.as(holder.cookie, request);
        if (answer.statusCode === 403) crossings.push(`${method} ${path} (self): 403 ${answer.body}`);
        continue;
      }
      if (!('system' in need))
        expect(allows(effectivePermissions([{ owner: false, permissions: lacking(need) }]), screenOf(need.screen), need.action)).toBe(false);
      await holder.grant(lacking(need));
      const refused = await t.as(holder.cookie, request);
      if (refused.statusCode !== 403) refusals.push(`${method} ${path} ${JSON.stringify(need)}: ${refused.statusCode}`);
      else expect(refused.json<{ message: string }>().message).toMatch(/^Your roles do not grant .+\.$/);
      await holder.grant(holding(need));
      const allowed = await t.as(holder.cookie, request);
      if (allowed.statusCode === 403) crossings.push(`${method} ${path} ${JSON.stringify(need)}: 403 ${allowed.body}`);
    }
    expect(refusals, 'operations a role lacking their permission reached').toEqual([]);
    expect(crossings, 'operations refused to a role holding their permission').toEqual([]);
  }, 240_000);

  it('names what is missing in words', async () => {
    await holder.grant({ screens: { genres: { actions: ['list', 'read'] } } });
    const answer = await t.as(holder.cookie, { method: 'DELETE', url: '/api/admin/genres/1' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: 'Your roles do not grant Delete on Genres.' });
    const publish = await t.as(holder.cookie, { method: 'POST', url: '/api/admin/screens/genres/publish', payload: {} });
    expect(publish.json()).toEqual({ message: 'Your roles do not grant Publish in the studio.' });
    const sheets = await t.as(holder.cookie, { method: 'GET', url: '/api/admin/books' });
    expect(sheets.json()).toEqual({ message: 'Your roles do not grant List on Reading sheets.' });
  });
});
