import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CREDENTIALS } from '../../server/auth/authenticate.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('login, me and logout', () => {
  it('logs in with the right password, sets an HttpOnly Lax cookie, and me returns the administrator', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'admin_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    const me = await t.as(`admin_session=${cookie.value}`, { method: 'GET', url: '/api/admin/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: ADMIN.email, firstname: 'Staff', lastname: 'Member', name: 'Staff Member' });
    expect(JSON.stringify(me.json())).not.toContain('password');
  });

  it('matches the e-mail case-insensitively', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { ...ADMIN, email: ADMIN.email.toUpperCase() } });
    expect(response.statusCode).toBe(200);
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const secure = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: ADMIN,
      });
      expect(response.cookies.find((c) => c.name === 'admin_session')!.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('answers 401 to me without a session, and with an unknown token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
    expect((await t.as('admin_session=forged', { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
  });

  it('gives the same 422 on email for a wrong password and an unknown e-mail', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email: ADMIN.email, password: 'nope-nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email: 'nobody@x.test', password: 'nope-nope' } });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: WRONG_CREDENTIALS, errors: { email: [WRONG_CREDENTIALS] } });
    }
  });

  it('answers 422 per field when fields are missing, and 400 on malformed JSON, never 500', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['email', 'password']);
    const wrongTypes = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email: 3, password: ['x'] } });
    expect(wrongTypes.statusCode).toBe(422);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON.');
  });

  it('logout revokes the session server-side: the old cookie no longer works', async () => {
    const cookie = await t.login();
    expect((await t.as(cookie, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
    const logout = await t.as(cookie, { method: 'POST', url: '/api/admin/auth/logout' });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'admin_session')!.value).toBe('');
    expect((await t.as(cookie, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
  });
});

describe('throttling', () => {
  it('refuses with 429 and Retry-After after five failures for one e-mail and IP', async () => {
    const email = 'throttled@x.test';
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password: 'bad' }, remoteAddress: '10.9.9.9' });
      expect(response.statusCode).toBe(422);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password: 'bad' }, remoteAddress: '10.9.9.9' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many login attempts/);
    // Another IP is not affected.
    const other = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password: 'bad' }, remoteAddress: '10.9.9.8' });
    expect(other.statusCode).toBe(422);
  });
});

describe('cross-site writes', () => {
  it('refuses a write whose Origin is another site, and accepts its own origin', async () => {
    const cookie = await t.login();
    const foreign = await t.as(cookie, { method: 'POST', url: '/api/admin/auth/logout', headers: { origin: 'https://evil.test' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Cross-site request refused');
    expect((await t.as(cookie, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
    const crossFetch = await t.as(cookie, { method: 'POST', url: '/api/admin/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossFetch.statusCode).toBe(403);
    const own = await t.as(cookie, { method: 'POST', url: '/api/admin/auth/logout', headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a cross-site login too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN, headers: { origin: 'https://evil.test' } });
    expect(response.statusCode).toBe(403);
  });
});
