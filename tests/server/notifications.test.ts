import net from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Db } from '../../server/db/client.js';
import { books, demands, demandTypes, libraries, libraryBooks, locales, outboxMessages, users } from '../../server/db/schema/index.js';
import { createOutboxDelivery, retryDelayMs, startOutboxDelivery, type DeliveryLog, type OutboxDelivery } from '../../server/jobs/outboxDeliveryJob.js';
import { composeSheetNotification, publicSheetUrl } from '../../server/notifications/compose.js';
import { CLOSED_DEMAND_STATUS_IDS, sheetFollowers } from '../../server/notifications/followers.js';
import { createSmtpSender } from '../../server/notifications/mailer.js';
import { enqueueSheetNotification } from '../../server/sheets/sheetNotification.js';
import { SHEET_MESSAGES } from '../../server/sheets/sheetSaveMessage.js';
import { escapeHtml } from '../../server/notifications/escapeHtml.js';
import { SESSION_COOKIE } from '../../server/auth/sessions.js';
import { startSmtp, type TestSmtp } from '../helpers/smtpServer.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers/testApp.js';

// ---------------------------------------------------------------------------------------------
// A port nothing listens on, a logger that keeps what it is told, and a wait.

/** A port nothing listens on (an SMTP server that is down). */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A logger that keeps what it is told. */
function memoryLog(): DeliveryLog & { entries: { level: string; obj: Record<string, unknown>; msg: string }[] } {
  const entries: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void entries.push({ level, obj: obj as Record<string, unknown>, msg });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---------------------------------------------------------------------------------------------
// Purpose-built subscribers around two sheets.

const PUBLIC_SITE_URL = 'https://books.example.test/site';
const FROM = 'Scouting News <news@scouting.test>';

interface Fixtures {
  sheet: number;
  other: number;
  /** Users who follow `sheet`, by id. */
  followers: { id: number; email: string }[];
  french: string;
  english: string;
}

async function seedFollowers(db: Db): Promise<Fixtures> {
  const localeIds = new Map((await db.select().from(locales)).map((l) => [l.code, l.id]));
  const [type] = await db.select({ id: demandTypes.id }).from(demandTypes).orderBy(asc(demandTypes.id)).limit(1);
  const [sheet] = await db
    .insert(books)
    .values({ originalTitle: 'The Left Hand of Darkness', titles: { en: 'The Left Hand of Darkness', fr: 'La Main gauche de la nuit' } })
    .returning({ id: books.id });
  const other = (await db.insert(books).values({ originalTitle: 'Another Book' }).returning({ id: books.id }))[0]!;
  let n = 0;
  const user = async (options: { accepted?: boolean; locale?: string; firstname?: string } = {}) => {
    n += 1;
    const [row] = await db
      .insert(users)
      .values({
        email: `subscriber${n}@readers.test`,
        firstname: options.firstname ?? `Reader${n}`,
        lastname: 'Test',
        isAccepted: options.accepted ?? true,
        localeId: options.locale ? localeIds.get(options.locale)! : null,
      })
      .returning({ id: users.id, email: users.email });
    return row!;
  };
  const library = async (userId: number, bookIds: number[]) => {
    const [row] = await db.insert(libraries).values({ userId, name: 'My shelf' }).returning({ id: libraries.id });
    if (bookIds.length > 0) await db.insert(libraryBooks).values(bookIds.map((bookId) => ({ libraryId: row!.id, bookId })));
  };
  const request = (userId: number, bookId: number | null, statusId: number) =>
    db.insert(demands).values({ userId, bookId, demandTypeId: type!.id, demandStatusId: statusId });

  const inLibrary = await user({ locale: 'en', firstname: 'Ursula' }); // the sheet in one of their libraries
  await library(inLibrary.id, [other.id]);
  await library(inLibrary.id, [sheet!.id, other.id]);
  const pending = await user({ locale: 'fr', firstname: 'Amélie' }); // a Pending request
  await request(pending.id, sheet!.id, 1);
  const both = await user(); // library and an In-progress request: one mail; no locale → English
  await library(both.id, [sheet!.id]);
  await request(both.id, sheet!.id, 2);
  await request(both.id, sheet!.id, 4);

  const notAccepted = await user({ accepted: false }); // not accepted: never
  await library(notAccepted.id, [sheet!.id]);
  await request(notAccepted.id, sheet!.id, 1);
  for (const closed of CLOSED_DEMAND_STATUS_IDS) await request((await user()).id, sheet!.id, closed); // closed requests only
  const otherSheet = await user(); // follows the other sheet only
  await library(otherSheet.id, [other.id]);
  await request(otherSheet.id, other.id, 1);
  const unbound = await user(); // a request not tied to a sheet, an empty library
  await request(unbound.id, null, 1);
  await library(unbound.id, []);

  return {
    sheet: sheet!.id,
    other: other.id,
    followers: [inLibrary, pending, both],
    english: inLibrary.email,
    french: pending.email,
  };
}

let t: TestApp;
let db: Db;
let fx: Fixtures;
let smtp: TestSmtp | undefined;
let delivery: OutboxDelivery | undefined;
let downPort: number;

beforeAll(async () => {
  downPort = await closedPort();
  t = await createTestApp({ PUBLIC_SITE_URL, MAIL_FROM: FROM, SMTP_URL: `smtp://127.0.0.1:${downPort}` });
  db = t.database.db;
  fx = await seedFollowers(db);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await delivery?.stop();
  delivery = undefined;
  await smtp?.close();
  smtp = undefined;
  await db.delete(outboxMessages);
});

const outbox = () => db.select().from(outboxMessages).orderBy(asc(outboxMessages.id));
const enqueue = () => enqueueSheetNotification(db, { bookId: fx.sheet, publicSiteUrl: PUBLIC_SITE_URL });
const smtpDelivery = (url: string, options: Partial<Parameters<typeof createOutboxDelivery>[0]> = {}) =>
  createOutboxDelivery({ db, log: memoryLog(), sender: createSmtpSender({ smtpUrl: url, from: FROM }), intervalMs: 50, ...options });

describe('followers of a sheet', () => {
  it('are the accepted subscribers with the sheet in a library or an open request on it, each once', async () => {
    const followers = await sheetFollowers(db, fx.sheet);
    expect(followers.map((f) => f.email)).toEqual(fx.followers.map((f) => f.email));
    expect(followers.map((f) => f.locale)).toEqual(['en', 'fr', 'en']);
    expect(CLOSED_DEMAND_STATUS_IDS).toEqual([3, 4, 5]);
    expect((await sheetFollowers(db, fx.other)).map((f) => f.email)).toEqual(['subscriber1@readers.test', 'subscriber8@readers.test']);
  });

  it('enqueueSheetNotification queues exactly one mail per follower, and no second one while it waits', async () => {
    expect(await enqueue()).toEqual({ queued: 3, skipped: 0 });
    const rows = await outbox();
    expect(rows.map((row) => [row.toAddress, row.status, row.bookId, row.attempts])).toEqual(fx.followers.map((f) => [f.email, 'pending', fx.sheet, 0]));
    expect(rows.map((row) => row.userId)).toEqual(fx.followers.map((f) => f.id));

    expect(await enqueue()).toEqual({ queued: 0, skipped: 3 });
    await db.update(outboxMessages).set({ status: 'sent' }).where(eq(outboxMessages.toAddress, fx.english));
    expect(await enqueue()).toEqual({ queued: 1, skipped: 2 });
    expect(await enqueueSheetNotification(db, { bookId: 999_999, publicSiteUrl: PUBLIC_SITE_URL })).toEqual({ queued: 0, skipped: 0 });
  });

  it("composes the mail in the reader's locale then English, naming the sheet and linking to the public site", () => {
    const sheet = { id: 7, originalTitle: 'Dune', titles: { fr: 'Dune, le roman' } };
    const fr = composeSheetNotification({ sheet, locale: 'fr', greetingName: 'Zoé', publicSiteUrl: 'https://site.test' });
    expect(fr.subject).toBe('Fiche de lecture mise à jour : Dune (Dune, le roman)');
    expect(fr.text).toContain('Bonjour Zoé,');
    expect(fr.text).toContain('The reading sheet "Dune (Dune, le roman)" that you follow has been updated.');
    expect(fr.text).toContain('https://site.test/books/7');
    expect(fr.html).toContain('<a href="https://site.test/books/7">');
    const en = composeSheetNotification({
      sheet: { ...sheet, originalTitle: '<Dune & co>' },
      locale: 'en',
      greetingName: '',
      publicSiteUrl: 'https://site.test/',
    });
    expect(en.subject).toBe('Reading sheet updated: <Dune & co>');
    expect(en.text.startsWith('Hello,\n')).toBe(true);
    expect(en.text).not.toContain('Bonjour');
    expect(en.html).toContain('&lt;Dune &amp; co&gt;');
    expect(escapeHtml(`<a title="x" data-y='z'>&amp;</a>`)).toBe('&lt;a title=&quot;x&quot; data-y=&#39;z&#39;&gt;&amp;amp;&lt;/a&gt;');
    expect(publicSheetUrl('https://site.test/fr', 3)).toBe('https://site.test/fr/books/3');
  });
});

describe('configuration', () => {
  it('checks SMTP_URL, MAIL_FROM and OUTBOX_INTERVAL_MS at boot', () => {
    const base = { DATA_DIR: 'data/test' };
    expect(loadConfig(base)).toMatchObject({ smtpUrl: undefined, mailFrom: 'Administration Panel <no-reply@localhost>', outboxIntervalMs: 5000 });
    expect(
      loadConfig({ ...base, SMTP_URL: 'smtps://user:secret@mail.example.com:465', MAIL_FROM: 'news@example.com', OUTBOX_INTERVAL_MS: '1000' }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      mailFrom: 'news@example.com',
      outboxIntervalMs: 1000,
    });
    expect(() => loadConfig({ ...base, SMTP_URL: 'https://user:secret@mail.example.com' })).toThrow(/SMTP_URL must use smtp: or smtps:/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'not a url secret' })).toThrow(/^SMTP_URL is not a valid URL/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'not a url secret' })).not.toThrow(/secret/);
    expect(() => loadConfig({ ...base, MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ ...base, OUTBOX_INTERVAL_MS: '0' })).toThrow(/OUTBOX_INTERVAL_MS/);
  });
});

describe('delivery loop', () => {
  it('sends the queued mails to a real SMTP server: recipients, sender, subject, title and link', async () => {
    smtp = await startSmtp();
    delivery = smtpDelivery(smtp.url);
    delivery.start();
    await enqueue(); // wakes the running loop
    await until(() => smtp!.received.length === 3);
    await until(async () => (await outbox()).every((row) => row.status === 'sent'));

    const byRecipient = new Map(smtp.received.map((mail) => [mail.to.join(','), mail]));
    expect([...byRecipient.keys()].sort()).toEqual(fx.followers.map((f) => f.email).sort());
    const english = byRecipient.get(fx.english)!;
    expect(english.from).toBe('news@scouting.test');
    expect(english.headers.get('from')).toContain('news@scouting.test');
    expect(english.subject).toBe('Reading sheet updated: The Left Hand of Darkness');
    expect(english.text).toContain('Hello Ursula,');
    expect(english.text).toContain('The reading sheet "The Left Hand of Darkness" that you follow has been updated.');
    expect(english.text).toContain(`${PUBLIC_SITE_URL}/books/${fx.sheet}`);
    expect(english.html).toContain(`href="${PUBLIC_SITE_URL}/books/${fx.sheet}"`);

    const french = byRecipient.get(fx.french)!;
    expect(french.subject).toBe('Fiche de lecture mise à jour : The Left Hand of Darkness (La Main gauche de la nuit)');
    expect(french.text).toContain('Bonjour Amélie,');
    expect(french.text).toContain('« The Left Hand of Darkness (La Main gauche de la nuit) »');
    expect(french.text).toContain('The reading sheet "The Left Hand of Darkness (La Main gauche de la nuit)" that you follow has been updated.');

    const rows = await outbox();
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1 && row.lastError === null)).toBe(true);
    await delivery.stop();
    delivery = undefined;
    expect(smtp.received).toHaveLength(3); // nothing sent twice
  });

  it('retries a mail the SMTP server refused the first time, then delivers it', async () => {
    smtp = await startSmtp();
    smtp.rejectNext(1);
    delivery = smtpDelivery(smtp.url, { retryBaseMs: 0 });
    await enqueue();

    expect(await delivery.runOnce()).toEqual({ sent: 2, retried: 1, failed: 0, held: 0 });
    const [first] = await outbox();
    expect(first).toMatchObject({ toAddress: fx.english, status: 'pending', attempts: 1, sentAt: null });
    expect(first!.lastError).toMatch(/451/);
    expect(smtp.received.map((mail) => mail.to[0])).not.toContain(fx.english);

    expect(await delivery.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, held: 0 });
    expect((await outbox()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(smtp.received.filter((mail) => mail.to[0] === fx.english)).toHaveLength(1);
    expect(smtp.received).toHaveLength(3);
  });

  it('waits longer after each failure and gives up after the last attempt', async () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000, 100_000))).toEqual([30_000, 60_000, 100_000, 100_000]);

    smtp = await startSmtp();
    smtp.refuse(fx.french);
    delivery = smtpDelivery(smtp.url, { maxAttempts: 2, retryBaseMs: 60_000 });
    await enqueue();
    expect(await delivery.runOnce()).toEqual({ sent: 2, retried: 1, failed: 0, held: 0 });
    const waiting = (await outbox())[1]!;
    expect(waiting.status).toBe('pending');
    expect(waiting.nextAttemptAt.getTime() - waiting.updatedAt.getTime()).toBeGreaterThanOrEqual(59_000);
    expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, held: 0 }); // not due yet

    await db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboxMessages.id, waiting.id));
    expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1, held: 0 });
    const failed = (await outbox())[1]!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed.lastError).toMatch(/550/);
  });

  it('without SMTP_URL keeps the mails in the outbox as held, logs each once, and sends them once SMTP is configured', async () => {
    const log = memoryLog();
    const config = loadConfig({ DATA_DIR: 'data/test', OUTBOX_INTERVAL_MS: '100' });
    expect(config.smtpUrl).toBeUndefined();
    delivery = startOutboxDelivery({ db, config, log });
    await enqueue();
    await until(async () => (await outbox()).every((row) => row.status === 'held'));
    await new Promise((resolve) => setTimeout(resolve, 200)); // a few more ticks
    await delivery.stop();
    delivery = undefined;

    const held = log.entries.filter((entry) => entry.obj.outboxId !== undefined);
    expect(held.map((entry) => entry.obj.to).sort()).toEqual(fx.followers.map((f) => f.email).sort()); // once each
    expect(held.find((entry) => entry.obj.to === fx.english)?.obj.subject).toBe('Reading sheet updated: The Left Hand of Darkness');
    expect(log.entries.some((entry) => entry.level === 'error')).toBe(false);

    smtp = await startSmtp();
    delivery = smtpDelivery(smtp.url);
    expect(await delivery.runOnce()).toMatchObject({ sent: 3 });
    expect(smtp.received).toHaveLength(3);
  });

  it('shares the outbox between concurrent loops without sending a message twice (FOR UPDATE SKIP LOCKED)', async () => {
    smtp = await startSmtp();
    const count = 40;
    await db
      .insert(outboxMessages)
      .values(Array.from({ length: count }, (_, i) => ({ kind: 'test', toAddress: `bulk${i}@readers.test`, subject: `Bulk ${i}`, textBody: `Message ${i}` })));
    const loops = [smtpDelivery(smtp.url, { batchSize: 5 }), smtpDelivery(smtp.url, { batchSize: 5 }), smtpDelivery(smtp.url, { batchSize: 5 })];
    const runs = await Promise.all(loops.map((loop) => loop.runOnce()));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(count);
    if (process.env.TEST_DB === 'postgres') expect(runs.every((run) => run.sent > 0)).toBe(true); // they did work side by side
    const recipients = smtp.received.map((mail) => mail.to[0]);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    expect((await outbox()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('stops cleanly: the message being sent completes, the rest of the batch goes back untried', async () => {
    smtp = await startSmtp();
    smtp.slow(300);
    delivery = smtpDelivery(smtp.url);
    delivery.start();
    await enqueue();
    await until(() => smtp!.receiving === 1);
    await delivery.stop();
    delivery = undefined;
    expect(smtp.received).toHaveLength(1);
    expect((await outbox()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('records a failure and schedules a retry when the SMTP server is down, without throwing', async () => {
    delivery = smtpDelivery(`smtp://127.0.0.1:${downPort}`);
    await enqueue();
    expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 3, failed: 0, held: 0 });
    const rows = await outbox();
    expect(rows.every((row) => row.status === 'pending' && row.attempts === 1 && /ECONNREFUSED|connect/i.test(row.lastError ?? ''))).toBe(true);
  });
});

describe('POST admin/books/{id} with withNotification', () => {
  it("answers 200 while the SMTP server is down, and the outbox holds the followers' mails", async (context) => {
    if (!t.app.routeList.some((route) => route.method === 'POST' && route.url === '/api/admin/books/:id')) context.skip();
    delivery = startOutboxDelivery({ db, config: t.config, log: memoryLog() }); // SMTP_URL points at a closed port
    const cookie = await t.login();
    const [{ version }] = (await db.select({ version: books.version }).from(books).where(eq(books.id, fx.sheet))) as [{ version: number }];
    const boundary = '----notification-test';
    const fields = { original_title: 'The Left Hand of Darkness', 'titles[fr]': 'La Main gauche de la nuit', version: String(version), withNotification: '1' };
    const payload = Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('')
      .concat(`--${boundary}--\r\n`);
    const started = Date.now();
    const response = await t.as(cookie, {
      method: 'POST',
      url: `/api/admin/books/${fx.sheet}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().withNotification).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);

    const rows = await outbox();
    expect(rows.map((row) => row.toAddress)).toEqual(fx.followers.map((f) => f.email));
    // The running loop tries, fails on the closed port, and keeps them for a retry.
    await until(async () => (await outbox()).every((row) => row.attempts === 1 && row.status === 'pending'));

    // A save without the flag queues nothing.
    await db.delete(outboxMessages);
    const plain = payload
      .replace(`name="withNotification"\r\n\r\n1`, `name="withNotification"\r\n\r\n0`)
      .replace(`\r\n\r\n${version}\r\n`, `\r\n\r\n${version + 1}\r\n`);
    const again = await t.as(cookie, {
      method: 'POST',
      url: `/api/admin/books/${fx.sheet}`,
      payload: plain,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await outbox()).toEqual([]);
  });

  it('answers, for the success toast, how many subscribers will be notified (one in the singular), or that no one follows the sheet; a plain save keeps its message', async () => {
    const cookie = await t.login();
    const save = async (id: number | undefined, title: string, withNotification: 0 | 1) => {
      const response = await t.as(cookie, {
        method: 'POST',
        url: `/api/admin/books${id ? `/${id}` : ''}`,
        payload: { original_title: title, withNotification },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { message: string; withNotification: number; data: { id: number } };
    };
    const toSheet = async (id: number) => (await outbox()).filter((row) => row.bookId === id);

    // Three followers: three e-mails queued, and the answer says so.
    expect(await save(fx.sheet, 'The Left Hand of Darkness', 1)).toMatchObject({ message: 'Saved; 3 subscribers will be notified.', withNotification: 1 });
    expect(await toSheet(fx.sheet)).toHaveLength(3);
    // Saved again before those went out: the same three are notified, by the e-mail already waiting for them.
    expect((await save(fx.sheet, 'The Left Hand of Darkness', 1)).message).toBe('Saved; 3 subscribers will be notified.');
    expect(await toSheet(fx.sheet)).toHaveLength(3);

    // One follower: the singular.
    const [single] = await db.insert(books).values({ originalTitle: 'A sheet one reader follows' }).returning({ id: books.id });
    const [reader] = await db
      .insert(users)
      .values({ email: 'one.reader@readers.test', firstname: 'Ona', lastname: 'Reader', isAccepted: true })
      .returning({ id: users.id });
    const [shelf] = await db.insert(libraries).values({ userId: reader!.id, name: 'Shelf' }).returning({ id: libraries.id });
    await db.insert(libraryBooks).values({ libraryId: shelf!.id, bookId: single!.id });
    expect((await save(single!.id, 'A sheet one reader follows', 1)).message).toBe('Saved; 1 subscriber will be notified.');

    // No one follows: nothing queued, and the answer says no one was notified; a new sheet is followed by no one.
    const [lonely] = await db.insert(books).values({ originalTitle: 'A sheet no one follows' }).returning({ id: books.id });
    expect((await save(lonely!.id, 'A sheet no one follows', 1)).message).toBe(SHEET_MESSAGES.noFollower);
    expect(SHEET_MESSAGES.noFollower).toBe('Saved; no one follows this reading sheet, so no one was notified.');
    expect(await toSheet(lonely!.id)).toEqual([]);
    const created = await save(undefined, 'A new sheet saved with notification', 1);
    expect(created.message).toBe(SHEET_MESSAGES.noFollower);

    // A plain save keeps its message, and queues nothing.
    await db.delete(outboxMessages);
    expect(await save(fx.sheet, 'The Left Hand of Darkness', 0)).toMatchObject({ message: 'Updated successfully', withNotification: 0 });
    expect((await save(undefined, 'A new sheet saved plainly', 0)).message).toBe('Added successfully to the database');
    expect(await outbox()).toEqual([]);
  });

  it('says that the e-mails wait until e-mail sending is set up, on a server without SMTP_URL', async () => {
    const config = loadConfig({ DATA_DIR: 'data/test', CLIENT_DIR: 'no-client', DEMO_DATA: 'false', PUBLIC_SITE_URL });
    const bare = await buildApp({ config, database: t.database });
    try {
      await bare.ready();
      const login = await bare.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN });
      const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
      const response = await bare.inject({
        method: 'POST',
        url: `/api/admin/books/${fx.other}`,
        headers: { cookie },
        payload: { original_title: 'Another Book', withNotification: 1 },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe(
        'Saved; 2 subscribers will be notified once e-mail sending is set up on this server (ask your administrator or technical team).',
      );
      expect((await outbox()).filter((row) => row.bookId === fx.other)).toHaveLength(2);
    } finally {
      await bare.close();
    }
  });

  it('keeps a title and a name that look like HTML as typed in the text body, and escaped in the HTML body', async (context) => {
    if (!t.app.routeList.some((route) => route.method === 'POST' && route.url === '/api/admin/books/:id')) context.skip();
    const hostile = '<img src=x onerror=alert(1)>';
    const hostileFrench = '"><script>alert(2)</script>';
    const [ursula] = fx.followers;
    await db.update(users).set({ firstname: hostile }).where(eq(users.id, ursula!.id));
    try {
      const cookie = await t.login();
      const [{ version }] = (await db.select({ version: books.version }).from(books).where(eq(books.id, fx.sheet))) as [{ version: number }];
      const boundary = '----hostile-title';
      const fields = { original_title: hostile, 'titles[fr]': hostileFrench, version: String(version), withNotification: '1' };
      const payload = Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('')
        .concat(`--${boundary}--\r\n`);
      const saved = await t.as(cookie, {
        method: 'POST',
        url: `/api/admin/books/${fx.sheet}`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.original_title).toBe(hostile); // the API keeps plain text as typed

      smtp = await startSmtp();
      delivery = smtpDelivery(smtp.url);
      expect(await delivery.runOnce()).toEqual({ sent: 3, retried: 0, failed: 0, held: 0 });
      const byRecipient = new Map(smtp.received.map((mail) => [mail.to[0], mail]));
      for (const mail of smtp.received) {
        expect(mail.html).not.toContain('<img');
        expect(mail.html).not.toContain('<script');
        expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
        expect(mail.text).toContain(`The reading sheet "${hostile}`);
      }
      const english = byRecipient.get(fx.english)!;
      expect(english.subject).toBe(`Reading sheet updated: ${hostile}`);
      expect(english.text).toContain(`Hello ${hostile},`);
      expect(english.html).toContain('<p>Hello &lt;img src=x onerror=alert(1)&gt;,</p>');
      const french = byRecipient.get(fx.french)!;
      expect(french.subject).toBe(`Fiche de lecture mise à jour : ${hostile} (${hostileFrench})`);
      expect(french.text).toContain(`« ${hostile} (${hostileFrench}) »`);
      expect(french.html).toContain('« &lt;img src=x onerror=alert(1)&gt; (&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;) »');
    } finally {
      await db.update(users).set({ firstname: 'Ursula' }).where(eq(users.id, ursula!.id));
    }
  });
});
