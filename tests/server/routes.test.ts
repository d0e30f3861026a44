import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Routes a visitor without a session may call: the login, the logout, and the password link mailed to a restored administrator (its token is the credential). */
const PUBLIC = new Set([
  'POST /api/admin/auth/login',
  'POST /api/admin/auth/logout',
  'POST /api/admin/auth/password-link',
  'POST /api/admin/auth/set-password',
]);

describe('every admin route', () => {
  it('answers 401 without a session (routes enumerated from the running app)', async () => {
    const adminRoutes = t.app.routeList.filter((r) => r.url.startsWith('/api/admin/') && !PUBLIC.has(`${r.method} ${r.url}`));
    expect(adminRoutes.length).toBeGreaterThan(10);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:[A-Za-z_]+\??/g, '1');
      const response = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {} });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
    }
  });

  it('answers 404 with a message for an unknown API route', async () => {
    const cookie = await t.login();
    const response = await t.as(cookie, { method: 'GET', url: '/api/admin/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/not found/);
  });
});

describe('health', () => {
  it('reports the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
  });
});
