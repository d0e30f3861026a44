import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { loginKnownClients, sessions } from '../../server/db/schema/index.js';
import { createSessionCleanup } from '../../server/jobs/sessionCleanupJob.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { MAX_LIVE_SESSIONS } from '../../server/auth/sessions.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const HOUR = 3_600_000;
const COLLEAGUE = { email: 'colleague@scouting.test', password: 'another good password' };
const silent = { info: () => {}, error: () => {} };

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  await insertAdministrator(t.database.db, {
    firstname: 'Col',
    lastname: 'League',
    email: COLLEAGUE.email,
    passwordHash: await hashPassword(COLLEAGUE.password),
  });
  adminId = (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: await t.login() } })).json().data.id;
});
afterAll(async () => t.close());

/** The stored id of a session cookie (`admin_session=<token>`): the SHA-256 of its token. */
const sessionId = (cookie: string) => createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
const me = async (cookie: string) => (await t.as(cookie, { method: 'GET', url: '/api/admin/me' })).statusCode;
const logout = (cookie: string) => t.as(cookie, { method: 'POST', url: '/api/admin/auth/logout' });
const allSessions = () => t.database.db.select().from(sessions);

/** Sessions that ended long ago, as a login and a logout would have left them. */
async function endedSessions(label: string): Promise<void> {
  const past = (hours: number) => new Date(Date.now() - hours * HOUR);
  await t.database.db.insert(sessions).values([
    { id: `${label}-expired`, administratorId: adminId, createdAt: past(30), expiresAt: past(18), ip: '10.9.9.9', userAgent: 'Old browser' },
    {
      id: `${label}-revoked`,
      administratorId: adminId,
      createdAt: past(3),
      expiresAt: new Date(Date.now() + 9 * HOUR),
      revokedAt: past(2),
      ip: '10.9.9.8',
      userAgent: 'Old browser',
    },
  ]);
}

describe('session cleanup', () => {
  it('deletes expired and revoked sessions, with their addresses and user agents, and keeps the live ones', async () => {
    await t.database.db.delete(sessions);
    const live = [await t.login(), await t.login(COLLEAGUE.email, COLLEAGUE.password)];
    const loggedOut = await t.login();
    expect((await logout(loggedOut)).statusCode).toBe(200);
    await endedSessions('first');
    expect(await allSessions()).toHaveLength(5);

    const cleanup = createSessionCleanup({ db: t.database.db, log: silent, intervalMs: HOUR });
    expect(await cleanup.runOnce()).toMatchObject({ sessions: 3 });
    expect((await allSessions()).map((row) => row.id).sort()).toEqual(live.map(sessionId).sort());
    for (const cookie of live) expect(await me(cookie)).toBe(200);
    expect(await me(loggedOut)).toBe(401);
    expect(await cleanup.runOnce()).toMatchObject({ sessions: 0 });
  });

  it('runs at start, then every interval', async () => {
    await endedSessions('loop');
    const cleanup = createSessionCleanup({ db: t.database.db, log: silent, intervalMs: 50 });
    const ended = async () => (await allSessions()).filter((row) => row.revokedAt !== null || row.expiresAt.getTime() <= Date.now()).length;
    cleanup.start();
    try {
      await expect.poll(ended, { timeout: 5000, interval: 20 }).toBe(0);
      // A logout after the first run is deleted by a later one.
      const cookie = await t.login();
      await logout(cookie);
      await expect.poll(async () => (await allSessions()).some((row) => row.id === sessionId(cookie)), { timeout: 5000, interval: 20 }).toBe(false);
    } finally {
      await cleanup.stop();
    }
  });

  it('forgets the addresses that logged in 30 days after their last login, the browsers after 180', async () => {
    await t.login();
    // Each login without the device cookie (as here) adds a browser; the address is one.
    const kinds = async () => {
      const rows = await t.database.db.select().from(loginKnownClients).where(eq(loginKnownClients.administratorId, adminId));
      return { address: rows.filter((row) => row.kind === 'address').length, device: rows.filter((row) => row.kind === 'device').length };
    };
    const before = await kinds();
    expect(before.address).toBe(1);
    expect(before.device).toBeGreaterThan(0);
    const at = (days: number) => createSessionCleanup({ db: t.database.db, log: silent, intervalMs: HOUR, now: () => Date.now() + days * 24 * HOUR });
    expect(await at(29).runOnce()).toMatchObject({ knownClients: 0 });
    expect((await at(31).runOnce()).knownClients).toBeGreaterThan(0);
    expect(await kinds()).toEqual({ address: 0, device: before.device });
    await at(181).runOnce();
    expect(await kinds()).toEqual({ address: 0, device: 0 });
  });

  it('reads its period from SESSION_CLEANUP_INTERVAL_MS, an hour by default, and refuses a wrong one at boot', () => {
    expect(loadConfig({}).sessionCleanupIntervalMs).toBe(HOUR);
    expect(loadConfig({ SESSION_CLEANUP_INTERVAL_MS: '60000' }).sessionCleanupIntervalMs).toBe(60_000);
    for (const wrong of ['0', '999', '86400001', 'hourly']) {
      expect(() => loadConfig({ SESSION_CLEANUP_INTERVAL_MS: wrong })).toThrow(/^SESSION_CLEANUP_INTERVAL_MS must be a whole number between 1000 and 86400000/);
    }
  });
});

describe('live sessions per administrator', () => {
  /** `count` live sessions of the administrator, opened a minute apart, oldest first, as logins would have left them; their cookies. */
  async function openedSessions(count: number): Promise<string[]> {
    const cookies = Array.from({ length: count }, () => `admin_session=${randomBytes(32).toString('base64url')}`);
    await t.database.db.insert(sessions).values(
      cookies.map((cookie, i) => ({
        id: sessionId(cookie),
        administratorId: adminId,
        createdAt: new Date(Date.now() - (count - i) * 60_000),
        expiresAt: new Date(Date.now() + 6 * HOUR),
        ip: '10.1.1.1',
        userAgent: 'Browser',
      })),
    );
    return cookies;
  }

  const liveOfAdmin = () =>
    t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.administratorId, adminId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));

  it(`keeps at most ${MAX_LIVE_SESSIONS}: a login beyond them revokes the oldest; ended sessions and other administrators’ do not count`, async () => {
    await t.database.db.delete(sessions);
    const colleague = await t.login(COLLEAGUE.email, COLLEAGUE.password);
    const cookies = await openedSessions(MAX_LIVE_SESSIONS);
    await endedSessions('cap');
    const newest = await t.login();
    expect(await Promise.all(cookies.map(me))).toEqual([401, ...Array<number>(MAX_LIVE_SESSIONS - 1).fill(200)]);
    expect(await me(newest)).toBe(200);
    expect(await me(colleague)).toBe(200);
    expect(await liveOfAdmin()).toHaveLength(MAX_LIVE_SESSIONS);

    // One logged out: the next login fits without revoking anyone, the one after revokes the oldest still live.
    await logout(cookies[5]!);
    const fits = await t.login();
    expect(await me(cookies[1]!)).toBe(200);
    const beyond = await t.login();
    expect(await me(cookies[1]!)).toBe(401);
    expect(await Promise.all([cookies[2]!, newest, fits, beyond].map(me))).toEqual([200, 200, 200, 200]);
    expect(await liveOfAdmin()).toHaveLength(MAX_LIVE_SESSIONS);
  });
});
