import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { insertAdministrator } from '../../server/db/repositories/administratorRepository.js';
import { insertLoginFailure } from '../../server/db/repositories/loginFailureRepository.js';
import { loginFailures } from '../../server/db/schema/index.js';
import { WRONG_CREDENTIALS } from '../../server/services/auth.js';
import { LOGIN_THROTTLE_LIMITS } from '../../server/services/loginThrottle.js';
import { hashPassword } from '../../server/services/passwords.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers/testApp.js';

/** The clock of the app's time-based rules: tests move it instead of waiting. */
let clock = Date.now();
const MINUTE = 60_000;
const COLLEAGUE = { email: 'colleague@scouting.test', password: 'another good password' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  await insertAdministrator(t.database.db, { firstname: 'Col', lastname: 'League', email: COLLEAGUE.email, passwordHash: await hashPassword(COLLEAGUE.password) });
});
afterAll(async () => t.close());

function login(email: string, password: string, ip: string, app: FastifyInstance = t.app) {
  return app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password }, remoteAddress: ip });
}

/** `times` wrong passwords for `email` from `ip`, each answered 422. */
async function fail(email: string, ip: string, times: number, app: FastifyInstance = t.app): Promise<void> {
  for (let i = 0; i < times; i++) {
    const response = await login(email, 'not the password', ip, app);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(WRONG_CREDENTIALS);
  }
}

function expectRefused(response: Awaited<ReturnType<typeof login>>, retryAfter?: number): void {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ minute\(s\)\.$/);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  if (retryAfter !== undefined) expect(seconds).toBe(retryAfter);
}

const failuresFrom = (ip: string) => t.database.db.select().from(loginFailures).where(eq(loginFailures.ip, ip));

describe('login throttle: per account and IP, then per IP', () => {
  it('locks only the account that failed, from its IP; a colleague behind the same address still logs in; the per-IP ceiling stops everyone', async () => {
    const office = '10.20.0.1';
    await fail(ADMIN.email, office, LOGIN_THROTTLE_LIMITS.perAccount);
    // Even the right password is refused now, from that address.
    expectRefused(await login(ADMIN.email, ADMIN.password, office));
    expectRefused(await login(ADMIN.email.toUpperCase(), ADMIN.password, office));
    expect((await login(COLLEAGUE.email, COLLEAGUE.password, office)).statusCode).toBe(200);
    expect((await login(ADMIN.email, ADMIN.password, '10.20.0.2')).statusCode).toBe(200);

    // Many accounts tried from the office address: the ceiling is reached at perIp failures.
    const recorded = (await failuresFrom(office)).length;
    expect(recorded).toBe(LOGIN_THROTTLE_LIMITS.perAccount);
    for (let i = recorded; i < LOGIN_THROTTLE_LIMITS.perIp - 1; i++) {
      await insertLoginFailure(t.database.db, { account: `guess-${i}@scouting.test`, ip: office, failedAt: new Date(clock) });
    }
    await fail('one-more-guess@scouting.test', office, 1);
    expectRefused(await login(COLLEAGUE.email, COLLEAGUE.password, office));
    expectRefused(await login('someone-else@scouting.test', 'whatever', office));
    expect((await failuresFrom(office)).length).toBe(LOGIN_THROTTLE_LIMITS.perIp);
    // Refused attempts are not counted, and other addresses are not affected.
    expect((await login(COLLEAGUE.email, COLLEAGUE.password, '10.20.0.3')).statusCode).toBe(200);
  });

  it('clears the account and IP count on a successful login', async () => {
    const ip = '10.30.0.1';
    await fail(ADMIN.email, ip, LOGIN_THROTTLE_LIMITS.perAccount - 1);
    await fail(COLLEAGUE.email, ip, 2);
    expect((await login(ADMIN.email, ADMIN.password, ip)).statusCode).toBe(200);
    // The colleague's failures from that address stay counted.
    expect((await failuresFrom(ip)).map((row) => row.account)).toEqual([COLLEAGUE.email, COLLEAGUE.email]);
    await fail(ADMIN.email, ip, LOGIN_THROTTLE_LIMITS.perAccount);
    expectRefused(await login(ADMIN.email, ADMIN.password, ip));
  });

  it('refuses a burst of parallel attempts beyond the limit (each attempt is counted before its password is checked)', async () => {
    const ip = '10.60.0.1';
    const responses = await Promise.all(Array.from({ length: 8 }, () => login('parallel@scouting.test', 'guess', ip)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(LOGIN_THROTTLE_LIMITS.perAccount);
    expect(statuses.every((status) => status === 422 || status === 429)).toBe(true);
    expect((await failuresFrom(ip)).length).toBe(statuses.filter((status) => status === 422).length);
  });

  it('shares the count between instances of the server on one database', async () => {
    const second = await buildApp({ config: t.config, database: t.database, now: () => clock });
    try {
      const ip = '10.40.0.1';
      await fail('shared@scouting.test', ip, 3);
      await fail('shared@scouting.test', ip, 2, second);
      expectRefused(await login('shared@scouting.test', 'again', ip));
      expectRefused(await login('shared@scouting.test', 'again', ip, second));

      // A success on one instance clears the count the other one reads.
      const other = '10.40.0.2';
      await fail(ADMIN.email, other, LOGIN_THROTTLE_LIMITS.perAccount - 1);
      expect((await login(ADMIN.email, ADMIN.password, other, second)).statusCode).toBe(200);
      await fail(ADMIN.email, other, LOGIN_THROTTLE_LIMITS.perAccount);
      expectRefused(await login(ADMIN.email, ADMIN.password, other, second));
    } finally {
      await second.close();
    }
  });

  it('lifts the lock when the oldest counted failure leaves the window, with Retry-After counting down to it, and prunes old failures', async () => {
    const ip = '10.50.0.1';
    const email = 'window@scouting.test';
    const start = clock;
    for (let i = 0; i < LOGIN_THROTTLE_LIMITS.perAccount; i++) {
      clock = start + i * MINUTE;
      await fail(email, ip, 1);
    }
    clock = start + 5 * MINUTE;
    const refused = await login(email, 'again', ip);
    expectRefused(refused, 10 * 60);
    expect(refused.json().message).toBe('Too many login attempts. Please try again in 10 minute(s).');
    clock = start + LOGIN_THROTTLE_LIMITS.windowMs - 1000;
    expectRefused(await login(email, 'again', ip), 1);
    // The first failure leaves the window: one more attempt is checked, then the second failure is the one to wait for.
    clock = start + LOGIN_THROTTLE_LIMITS.windowMs;
    await fail(email, ip, 1);
    expectRefused(await login(email, 'again', ip), 60);

    // Once past the window, the old failures are deleted (at most once a minute per instance).
    clock = start + LOGIN_THROTTLE_LIMITS.windowMs + 20 * MINUTE;
    await fail(email, ip, 1);
    expect((await failuresFrom(ip)).map((row) => row.failedAt.getTime())).toEqual([clock]);
    expect((await t.database.db.select().from(loginFailures)).every((row) => row.failedAt.getTime() > clock - LOGIN_THROTTLE_LIMITS.windowMs)).toBe(true);
  });
});
