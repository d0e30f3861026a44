import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevisionAnswer } from '../../common/historyAnswers.js';
import { outboxMessages, passwordLinks } from '../../server/db/schema/index.js';
import { startOutboxDelivery, type OutboxDelivery } from '../../server/jobs/outboxDeliveryJob.js';
import { startSmtp, type TestSmtp } from '../helpers/smtpServer.js';
import { insertUser } from '../helpers/subscribers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * A deleted user and a deleted administrator brought back from their history (docs/record-history.md):
 * both come back under their id. An administrator comes back without a password (a revision keeps
 * none): the restore says so, and a link mailed to them sets one, once.
 */

type Json = Record<string, unknown>;
interface HistoryPage {
  data: RevisionAnswer[];
  meta: { record_version: number; record_exists: boolean };
}

const PANEL = 'panel.scouting.test';

describe('restoring deleted people', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let delivery: OutboxDelivery;
  let cookie: string;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.as(cookie, { method, url: `/api/admin/${url}`, headers, ...(payload ? { payload } : {}) });
  const guest = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/admin/${url}`, payload });
  const historyOf = async (resource: string, id: number) => (await call('GET', `history/${resource}/${id}`)).json() as HistoryPage;
  /** Restores the record's deletion (its newest revision), as the panel at PANEL asks. */
  const restoreDeletion = async (resource: string, id: number) => {
    const { data, meta } = await historyOf(resource, id);
    expect(data[0]!.action).toBe('delete');
    return call('POST', `history/${data[0]!.id}/restore`, { version: meta.record_version }, { host: PANEL });
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Administration Panel <panel@scouting.test>', OUTBOX_INTERVAL_MS: '100' });
    delivery = startOutboxDelivery({ db: t.database.db, config: t.config, log: t.app.log });
    cookie = await t.login();
  });
  afterAll(async () => {
    await delivery?.stop();
    await t?.close();
    await smtp?.close();
  });

  it('brings a deleted user back under their id, with their details; what has its own action is named as not brought back', async () => {
    const id = await insertUser(t.database.db, { isAccepted: true });
    const before = (await call('GET', `users/${id}`)).json().data as Json;
    expect((await call('DELETE', `users/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `users/${id}`)).statusCode).toBe(404);

    const restored = await restoreDeletion('users', id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe('Restored successfully');
    // Validation and credits have their own actions: the answer names them, the screen says they were not brought back.
    expect([...(restored.json().skipped as string[])].sort()).toEqual(['credits', 'is_accepted']);
    const back = (await call('GET', `users/${id}`)).json().data as Json;
    for (const field of ['firstname', 'lastname', 'email', 'company']) expect(back[field]).toBe(before[field]);
    const latest = (await historyOf('users', id)).data[0]!;
    expect(latest).toMatchObject({ action: 'create', restored_from: expect.any(Number) });
  });

  it('brings a deleted administrator back without a password, says so, and mails them a link that sets one, once', async () => {
    const created = (
      await call('POST', 'administrators', { firstname: 'Ada', lastname: 'Byron', email: 'ada@scouting.test', password: 'her first password' })
    ).json().data as Json;
    const id = created.id as number;
    expect((await call('DELETE', `administrators/${id}`)).statusCode).toBe(200);

    const restored = await restoreDeletion('administrators', id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe('Restored successfully. Ada Byron has no password yet: a link to set one was e-mailed to ada@scouting.test.');
    expect((await call('GET', `administrators/${id}`)).json().data).toMatchObject({ id, firstname: 'Ada', lastname: 'Byron', email: 'ada@scouting.test' });
    // The password she had is gone with her deletion; no other opens the account.
    for (const password of ['her first password', '']) expect((await guest('auth/login', { email: 'ada@scouting.test', password })).statusCode).toBe(422);

    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes('ada@scouting.test')).length, { timeout: 15_000 }).toBe(1);
    const mail = smtp.received.find((received) => received.to.includes('ada@scouting.test'))!;
    expect(mail.subject).toBe('Set your password for the Administration Panel');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain(
      'Your Administration Panel account (ada@scouting.test) has been restored by Staff Member. It has no password yet: set one to log in again.',
    );
    // The link opens the panel the restore was asked from; its token is in the fragment, which a browser never sends.
    const link = /Set your password: (\S+)/.exec(mail.text)![1]!;
    expect(link).toMatch(new RegExp(`^http://${PANEL.replaceAll('.', '\\.')}/auth/set-password#[A-Za-z0-9_-]{43}$`));
    expect(mail.html).toContain(`href="${link}"`);
    const token = link.split('#')[1]!;

    expect((await guest('auth/password-link', { token })).json()).toEqual({ data: { firstname: 'Ada', email: 'ada@scouting.test' } });
    const short = await guest('auth/set-password', { token, password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['The password must be 8 to 255 characters long.'] });
    const set = await guest('auth/set-password', { token, password: 'her new password' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ message: 'Your password is set: log in with it.' });
    expect(await t.login('ada@scouting.test', 'her new password')).toMatch(/=/);

    // Used once: the link no longer works, in words.
    const gone =
      'This link no longer works: it has expired, or a password was already set with it. Ask a colleague to set a password for you in Administrators.';
    for (const [route, body] of [
      ['auth/password-link', { token }],
      ['auth/set-password', { token, password: 'a third password' }],
    ] as const) {
      const again = await guest(route, body);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(gone);
    }
    expect((await guest('auth/password-link', { token: 'not-a-link' })).statusCode).toBe(404);
    // A password is a secret: setting it leaves no revision; the restore left one, linked to the deletion.
    const history = await historyOf('administrators', id);
    expect(history.data.map((revision) => revision.action)).toEqual(['create', 'delete', 'create']);
    expect(history.data[0]!.restored_from).toBe(history.data[1]!.id);
  });

  it('a link expires, and a new restore ends the links mailed before it', async () => {
    const created = (
      await call('POST', 'administrators', { firstname: 'Grace', lastname: 'Hopper', email: 'grace@scouting.test', password: 'her first password' })
    ).json().data as Json;
    const id = created.id as number;
    await call('DELETE', `administrators/${id}`);
    expect((await restoreDeletion('administrators', id)).statusCode).toBe(200);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes('grace@scouting.test')).length, { timeout: 15_000 }).toBe(1);
    const first = /#(\S+)/.exec(smtp.received.find((mail) => mail.to.includes('grace@scouting.test'))!.text)![1]!;
    await call('DELETE', `administrators/${id}`);
    expect((await restoreDeletion('administrators', id)).statusCode).toBe(200);
    expect((await guest('auth/password-link', { token: first })).statusCode).toBe(404);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes('grace@scouting.test')).length, { timeout: 15_000 }).toBe(2);
    const second = /#(\S+)/.exec(smtp.received.filter((mail) => mail.to.includes('grace@scouting.test'))[1]!.text)![1]!;
    expect((await guest('auth/password-link', { token: second })).statusCode).toBe(200);
    // Past its time, it no longer works either.
    await t.database.db
      .update(passwordLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordLinks.administratorId, id));
    expect((await guest('auth/set-password', { token: second, password: 'too late a password' })).statusCode).toBe(404);
  });
});

describe('restoring a deleted administrator on a server that sends no e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('says plainly that the link to set a password waits until e-mail sending is set up', async () => {
    const cookie = await t.login();
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });
    const id = (
      (await call('POST', 'administrators', { firstname: 'Alan', lastname: 'Turing', email: 'alan@scouting.test', password: 'his first password' })).json()
        .data as Json
    ).id as number;
    await call('DELETE', `administrators/${id}`);
    const { data, meta } = (await call('GET', `history/administrators/${id}`)).json() as HistoryPage;
    const restored = await call('POST', `history/${data[0]!.id}/restore`, { version: meta.record_version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe(
      'Restored successfully. Alan Turing has no password yet: the e-mail with a link to set one waits until e-mail sending is set up on this server (ask your administrator or technical team), then goes to alan@scouting.test.',
    );
    const [queued] = await t.database.db
      .select({ to: outboxMessages.toAddress, subject: outboxMessages.subject })
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, 'alan@scouting.test'));
    expect(queued).toEqual({ to: 'alan@scouting.test', subject: 'Set your password for the Administration Panel' });
  });
});
