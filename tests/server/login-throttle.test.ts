import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { insertLoginFailure } from '../../server/db/repositories/auth/loginFailureRepository.js';
import { loginFailures, outboxMessages } from '../../server/db/schema/index.js';
import { ACCOUNT_LOCK_MAIL } from '../../server/notifications/accountLockMail.js';
import { WRONG_CREDENTIALS } from '../../server/auth/authenticate.js';
import { KNOWN_DEVICE_COOKIE } from '../../server/auth/knownLoginClients.js';
import { LOGIN_THROTTLE_LIMITS } from '../../server/auth/loginThrottle.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers/testApp.js';

/** The clock of the app's time-based rules: tests move it instead of waiting. */
let clock = Date.now();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const COLLEAGUE = { email: 'colleague@scouting.test', password: 'another good password' };

/** The warnings and errors the app logged, parsed. */
const logged: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, logger: { level: 'warn', stream } });
  await insertAdministrator(t.database.db, {
    firstname: 'Col',
    lastname: 'League',
    email: COLLEAGUE.email,
    passwordHash: await hashPassword(COLLEAGUE.password),
  });
});
afterAll(async () => t.close());
// Each test starts after the failures of the one before have left the window.
beforeEach(() => {
  clock += LOGIN_THROTTLE_LIMITS.windowMs;
});

function login(email: string, password: string, ip: string, app: FastifyInstance = t.app, cookies: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password }, remoteAddress: ip, cookies });
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

/** An administrator of its own for each account-wide test, so that no other test's failures count. */
async function administrator(email: string, firstname: string): Promise<{ email: string; password: string }> {
  const password = `${firstname} has a long password`;
  await insertAdministrator(t.database.db, { firstname, lastname: 'Owner', email, passwordHash: await hashPassword(password) });
  return { email, password };
}

/** One wrong password for `email` from each of these addresses, each answered 422. */
async function failFrom(email: string, addresses: string[]): Promise<void> {
  for (const ip of addresses) await fail(email, ip, 1);
}

/** `count` loopback addresses no test used: 127.<block>.0.1, 127.<block>.0.2… */
const addresses = (block: number, count: number) => Array.from({ length: count }, (_, i) => `127.${block}.0.${i + 1}`);

/** Failures of `email` from other addresses, written as the throttle writes them (the window filled without checking passwords). */
async function seedFailures(email: string, count: number, block: number): Promise<void> {
  for (const ip of addresses(block, count)) await insertLoginFailure(t.database.db, { account: email, ip, failedAt: new Date(clock) });
}

const lockWarnings = (email: string) => logged.filter((entry) => entry.level === 40 && entry.account === email);
const lockMails = (email: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, ACCOUNT_LOCK_MAIL), eq(outboxMessages.toAddress, email)));

describe('login throttle: per account, from every address', () => {
  it('locks the account for unknown clients after 10 failures spread over 10 addresses; the owner still logs in from a known address or browser; one warning and one mail', async () => {
    const owner = await administrator('tara@scouting.test', 'Tara');
    // Before the attack: the owner logged in at the office (its address becomes known), and at home (its browser gets the device cookie).
    expect((await login(owner.email, owner.password, '127.0.0.1')).statusCode).toBe(200);
    const home = await login(owner.email, owner.password, '127.0.0.2');
    expect(home.statusCode).toBe(200);
    const device = home.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE)!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin/auth/login', maxAge: 180 * 24 * 3600 });

    const attackers = addresses(1, LOGIN_THROTTLE_LIMITS.accountWide + 3);
    // Each address stays far below its own limit of 5.
    await failFrom(owner.email, attackers.slice(0, LOGIN_THROTTLE_LIMITS.accountWide));
    const refused = await login(owner.email, 'guess eleven', attackers[10]!);
    expectRefused(refused, 60);
    expect(refused.json().message).toBe('Too many login attempts. Please try again in 1 minute(s).');
    // The right password from an address and browser the account never saw waits too, and refused attempts are not counted.
    expectRefused(await login(owner.email, owner.password, attackers[11]!), 60);
    expectRefused(await login(owner.email.toUpperCase(), 'guess twelve', attackers[12]!), 60);
    expect(await t.database.db.select().from(loginFailures).where(eq(loginFailures.account, owner.email))).toHaveLength(LOGIN_THROTTLE_LIMITS.accountWide);

    // The office address (no cookie) and the home browser (from an address it never used) are not held.
    expect((await login(owner.email, owner.password, '127.0.0.1')).statusCode).toBe(200);
    expect((await login(owner.email, owner.password, '127.0.0.99', t.app, { [KNOWN_DEVICE_COOKIE]: device.value })).statusCode).toBe(200);
    // A forged device cookie is just an unknown browser.
    expectRefused(await login(owner.email, owner.password, '127.0.0.98', t.app, { [KNOWN_DEVICE_COOKIE]: 'A'.repeat(43) }));

    // The lock is in the database: another instance refuses and admits the same clients.
    const second = await buildApp({ config: t.config, database: t.database, now: () => clock });
    try {
      expectRefused(await login(owner.email, owner.password, attackers[0]!, second), 60);
      expect((await login(owner.email, owner.password, '127.0.0.1', second)).statusCode).toBe(200);
    } finally {
      await second.close();
    }

    expect(lockWarnings(owner.email)).toEqual([
      expect.objectContaining({
        msg: 'login: account locked for unknown clients after failed logins from several addresses',
        failures: LOGIN_THROTTLE_LIMITS.accountWide,
        addresses: LOGIN_THROTTLE_LIMITS.accountWide,
        lockLevel: 1,
        lockedUntil: new Date(clock + MINUTE).toISOString(),
        mailed: true,
      }),
    ]);
    const mails = await lockMails(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Failed logins on your Administration Panel account', userId: null, bookId: null, status: 'pending' });
    expect(mails[0]!.textBody).toContain('Hello Tara,');
    expect(mails[0]!.textBody).toContain(`(${owner.email}) 10 times in the last 15 minutes, from 10 different network addresses.`);
    const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(clock + MINUTE));
    expect(mails[0]!.textBody).toContain(`are blocked until ${until} UTC, and for longer each time the wrong passwords go on.`);
    expect(mails[0]!.textBody).toContain('You can still log in as usual from a browser or a network you have logged in from recently.');
    expect(mails[0]!.htmlBody).toContain('<p>Hello Tara,</p>');
  });

  it('locks again for twice as long while the failures are counted, up to a day; mails once a day at most; a day after the last lock, a lock is a first one again', async () => {
    const owner = await administrator('uma@scouting.test', 'Uma');
    await seedFailures(owner.email, LOGIN_THROTTLE_LIMITS.accountWide, 2);
    const seconds: number[] = [];
    let mailsSoFar = 0;
    for (let level = 1; level <= 13; level++) {
      if (level > 1) {
        clock += seconds.at(-1)! * 1000;
        // The window holds at least 10 failures again (an attacker's new round).
        await seedFailures(owner.email, LOGIN_THROTTLE_LIMITS.accountWide, 2 + level);
      }
      const refused = await login(owner.email, owner.password, `127.100.0.${level}`);
      expectRefused(refused);
      seconds.push(Number(refused.headers['retry-after']));
      // The 12th lock starts 2,047 minutes after the first: the only one in between that mails again.
      if (level === 11) mailsSoFar = (await lockMails(owner.email)).length;
    }
    expect(seconds).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1440, 1440].map((minutes) => minutes * 60));
    expect(mailsSoFar).toBe(1);
    expect(lockWarnings(owner.email).map((entry) => [entry.lockLevel, entry.mailed])).toEqual(seconds.map((_, i) => [i + 1, i === 0 || i === 11 || i === 12]));
    expect(await lockMails(owner.email)).toHaveLength(3);

    // A day after the last lock ended, the next lock is a first one: a minute.
    clock += seconds.at(-1)! * 1000 + DAY;
    await seedFailures(owner.email, LOGIN_THROTTLE_LIMITS.accountWide, 20);
    expectRefused(await login(owner.email, owner.password, '127.100.1.1'), 60);
  });

  it('checks no more than 10 passwords of a burst from 20 addresses at once, and reports its lock once', async () => {
    const owner = await administrator('vera@scouting.test', 'Vera');
    const responses = await Promise.all(addresses(30, 20).map((ip) => login(owner.email, 'a guess', ip)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(LOGIN_THROTTLE_LIMITS.accountWide);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20 - LOGIN_THROTTLE_LIMITS.accountWide);
    expect(statuses.every((status) => status === 422 || status === 429)).toBe(true);
    expect(lockWarnings(owner.email)).toHaveLength(1);
    expect(await lockMails(owner.email)).toHaveLength(1);
  });

  it('forgets a known address 30 days after its last login, a known browser after 180; another account’s browser is not known', async () => {
    const owner = await administrator('wanda@scouting.test', 'Wanda');
    const first = await login(owner.email, owner.password, '127.0.0.1');
    const device = first.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE)!.value;
    // The colleague logs in with the same browser: it gets a token of its own, and Wanda's is not known to the colleague's account.
    const shared = await login(COLLEAGUE.email, COLLEAGUE.password, '127.0.0.1', t.app, { [KNOWN_DEVICE_COOKIE]: device });
    expect(shared.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE)!.value).not.toBe(device);
    // A later login with a known browser keeps its token.
    const again = await login(owner.email, owner.password, '127.0.0.1', t.app, { [KNOWN_DEVICE_COOKIE]: device });
    expect(again.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE)!.value).toBe(device);

    clock += 31 * DAY;
    await seedFailures(owner.email, LOGIN_THROTTLE_LIMITS.accountWide, 40);
    await seedFailures(COLLEAGUE.email, LOGIN_THROTTLE_LIMITS.accountWide, 41);
    expectRefused(await login(owner.email, owner.password, '127.0.0.1'));
    expect((await login(owner.email, owner.password, '127.0.0.1', t.app, { [KNOWN_DEVICE_COOKIE]: device })).statusCode).toBe(200);
    expectRefused(await login(COLLEAGUE.email, COLLEAGUE.password, '127.0.0.2', t.app, { [KNOWN_DEVICE_COOKIE]: device }));

    clock += 181 * DAY;
    await seedFailures(owner.email, LOGIN_THROTTLE_LIMITS.accountWide, 42);
    expectRefused(await login(owner.email, owner.password, '127.0.0.3', t.app, { [KNOWN_DEVICE_COOKIE]: device }));
  });
});
