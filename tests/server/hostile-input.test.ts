import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../server/http/hostileInput.js';
import { adminApi } from '../helpers/adminApi.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers/testApp.js';
import { multipart } from './book-sheet-fixtures.js';

/**
 * Inputs PostgreSQL or a recursive walk cannot take are refused by the parsers, for every route,
 * with the answer a client can act on (422 naming the field, 400 for a body nested too deeply),
 * never a 500.
 */
let t: TestApp;
let cookie: string;
let api: ReturnType<typeof adminApi>;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  api = adminApi(t, () => cookie);
});
afterAll(async () => t.close());

const call = (...args: Parameters<typeof api.call>) => api.call(...args);
const get = (url: string) => call('GET', url);

/** The JSON write routes of the running app (every POST and PUT but the session's), `:id` as 1. */
function jsonWriteRoutes(): { method: 'POST' | 'PUT'; url: string }[] {
  return t.app.routeList
    .filter((route) => (route.method === 'POST' || route.method === 'PUT') && route.url.startsWith('/api/admin/') && !route.url.startsWith('/api/admin/auth/'))
    .map((route) => ({ method: route.method as 'POST' | 'PUT', url: route.url.replace('/api/admin/', '').replace(/:\w+/g, '1') }));
}

const NOT_ALLOWED = (words: string) => `The ${words} field contains a character that is not allowed.`;

describe('a NUL character', () => {
  it('in the login e-mail is a 422 naming the field, and does not count as a failed login', async () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email: 'a\u0000b@x.io', password: 'x' } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: NOT_ALLOWED('email'), errors: { email: [NOT_ALLOWED('email')] } });
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { ...ADMIN, email: ADMIN.email } });
    expect(ok.statusCode).toBe(200);
  });

  it('in a list search is a 422 keyed by the parameter', async () => {
    for (const url of ['genres?search=a%00b', 'books?search=a%00b', 'contacts?search=%00']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors, url).toEqual({ search: [NOT_ALLOWED('search')] });
    }
  });

  it('anywhere in a JSON body is a 422 keyed by its path, on every write route', async () => {
    const routes = jsonWriteRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const response = await call(route.method, route.url, { names: { fr: 'Nuit\u0000' }, seriesList: [{ name: 'x' }] });
      expect({ route, status: response.statusCode, body: response.json() }).toEqual({
        route,
        status: 422,
        body: { message: NOT_ALLOWED('names'), errors: { 'names.fr': [NOT_ALLOWED('names')] } },
      });
    }
    expect(await api.invalid('contacts', { name: 'Ann Lee', notes: ['ok', 'n\u0000'] })).toEqual({ 'notes.1': [NOT_ALLOWED('notes')] });
  });

  it('in a multipart text field is a 422 naming the field', async () => {
    const response = await t.as(cookie, { method: 'POST', url: '/api/admin/news', ...multipart([{ name: 'title', value: 'Big\u0000news' }]) });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ title: [NOT_ALLOWED('title')] });
  });
});

describe('a lone UTF-16 surrogate', () => {
  it('is refused with 422 naming the field, in a translatable field and in a plain column', async () => {
    expect(await api.invalid('genres', { names: { fr: '\udfff\ud800', en: 'Crime' } })).toEqual({ 'names.fr': [NOT_ALLOWED('names')] });
    expect(await api.invalid('administrators', { firstname: 'An\ud800n', lastname: 'Lee', email: 'ann@x.io', password: 'long enough pass' })).toEqual({
      firstname: [NOT_ALLOWED('firstname')],
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: JSON.stringify({ email: 'x@x.io', password: '\udc00' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(login.json()).toEqual({ message: NOT_ALLOWED('password'), errors: { password: [NOT_ALLOWED('password')] } });
  });

  it('is refused in an object key too', async () => {
    const response = await call('POST', 'genres', { names: { '\ud800': 'x' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ names: [NOT_ALLOWED('names')] });
  });

  it('keeps a well-formed pair (an emoji) as typed', async () => {
    const genre = await api.save<{ names: Record<string, string> }>('thematics', { names: { fr: 'Polar 🕵️', en: 'Crime 🕵️' } });
    expect(genre.names.fr).toBe('Polar 🕵️');
  });
});

describe('whole numbers in a query string', () => {
  it.each([
    ['genres?page=Infinity', 'page', 'The page must be an integer.'],
    ['countries?perPage=-Infinity', 'perPage', 'The per page must be an integer.'],
    ['books?genres=Infinity', 'genres', 'The genres must be an integer.'],
    ['books?genres[]=1&genres[]=NaN', 'genres', 'The genres must be an integer.'],
    ['genres?page=1e3', 'page', 'The page must be an integer.'],
    ['genres?page=%205', 'page', 'The page must be an integer.'],
    ['genres?page=0x10', 'page', 'The page must be an integer.'],
    ['genres?page=2.0', 'page', 'The page must be an integer.'],
    ['genres?page=%2B2', 'page', 'The page must be an integer.'],
    ['genres?page=99999999999999999999', 'page', 'The page must be an integer.'],
  ])('%s is a 422 naming the parameter', async (url, param, message) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ [param]: [message] });
  });

  it('are still bounded by the list: perPage beyond the cap is refused, not every row returned', async () => {
    expect((await get('countries?perPage=100000')).json().errors).toEqual({ perPage: ['The per page may not be greater than 1000.'] });
    expect((await get('countries?perPage=-5')).json().errors).toEqual({ perPage: ['The per page must be at least 1.'] });
  });

  it('written in digits are read as numbers', async () => {
    const response = await get('countries?page=2&perPage=7');
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toMatchObject({ current_page: 2, per_page: 7 });
    expect((await get('books?genres[]=1&genres[]=2')).statusCode).toBe(200);
  });
});

describe('deeply nested JSON', () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"a":1}${'}'.repeat(depth - 1)}`;

  it('beyond the limit is a 400 before validation, on every write route (a 20 KB body 10,000 levels deep)', async () => {
    const body = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(body.length).toBe(20_000);
    for (const route of jsonWriteRoutes()) {
      const response = await t.as(cookie, {
        method: route.method,
        url: `/api/admin/${route.url}`,
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect({ route, status: response.statusCode, message: response.json().message }).toEqual({
        route,
        status: 400,
        message: `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`,
      });
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: nested(MAX_JSON_DEPTH + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('within the limit reaches validation (brackets inside strings do not count)', async () => {
    const response = await t.as(cookie, {
      method: 'POST',
      url: '/api/admin/genres',
      payload: nested(MAX_JSON_DEPTH),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(422);
    const brackets = await call('POST', 'thematics', { names: { fr: '['.repeat(100), en: '{'.repeat(100) } });
    expect(brackets.statusCode, brackets.body).toBe(200);
  });
});

describe('a number JSON cannot carry', () => {
  it('1e400 (Infinity once parsed) is a 422 naming the field', async () => {
    const response = await t.as(cookie, {
      method: 'POST',
      url: '/api/admin/books',
      payload: '{"original_title":"x","genres":[1e400]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'genres.0': ['The genres must be a finite number.'] });
  });
});
