import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { books, contacts, reporterBooks } from '../../server/db/schema/index.js';
import type { RecordWrite } from '../../server/engine/recordWrites.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * The one write path (server/engine/recordWrites.ts): its observers run inside the write's
 * transaction, so what they write commits with the record and their refusal leaves nothing
 * written; work after the commit cannot undo a committed write. (Every resource's and the sheet's
 * writes reaching it: tests/server/round-trip.test.ts.)
 */

let t: TestApp;
let cookie: string;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 3, now: new Date('2026-06-15T00:00:00Z') });
  cookie = await t.login();
});
afterAll(async () => t.close());

describe('the one write path', () => {
  it('tells its observers inside the transaction: an observer’s refusal leaves the record and the sheet as they were', async () => {
    const contact = (await call('POST', 'contacts', { name: 'Ada Lovelace' })).json().data as { id: number };
    const sheet = (await call('POST', 'books', { original_title: 'Before' })).json().data as { id: number; version: number };
    const stop = t.app.recordWrites.observe(async (tx, write) => {
      // Its own read sees the write, uncommitted.
      if (write.resource === 'contacts') {
        const [row] = await tx.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, write.id));
        expect(row?.name).toBe('Ada Byron');
      }
      throw new Error('the history could not be written');
    });
    try {
      expect((await call('POST', `contacts/${contact.id}`, { name: 'Ada Byron' })).statusCode).toBe(500);
      expect((await call('POST', `books/${sheet.id}`, { original_title: 'After', version: sheet.version })).statusCode).toBe(500);
      expect((await call('DELETE', `contacts/${contact.id}`)).statusCode).toBe(500);
    } finally {
      stop();
    }
    expect((await call('GET', `contacts/${contact.id}`)).json().data).toMatchObject({ name: 'Ada Lovelace' });
    const [row] = await t.database.db.select({ title: books.originalTitle, version: books.version }).from(books).where(eq(books.id, sheet.id));
    expect(row).toEqual({ title: 'Before', version: sheet.version });
  });

  it('tells each write once, with who made it; a refused save, an unknown record and a preview are not writes', async () => {
    const seen: RecordWrite[] = [];
    const stop = t.app.recordWrites.observe(async (_tx, write) => void seen.push(write));
    try {
      const created = (await call('POST', 'contacts', { name: 'Grace Hopper' })).json().data as { id: number };
      expect((await call('POST', 'contacts', { name: '' })).statusCode).toBe(422);
      expect((await call('DELETE', 'contacts/2000000000')).statusCode).toBe(404);
      expect(
        (
          await call('POST', 'screens/contacts/validate', {
            definition: (await call('GET', 'screens/contacts')).json().data.definition,
            record: { name: 'Dry Run' },
          })
        ).json(),
      ).toEqual({ message: 'valid', errors: {} });
      expect((await call('DELETE', `contacts/${created.id}`)).statusCode).toBe(200);
      const administratorId = ((await call('GET', 'me')).json() as { data: { id: number } }).data.id;
      expect(seen.map(({ revision: _revision, ...write }) => write)).toEqual([
        { resource: 'contacts', action: 'create', id: created.id, administratorId },
        { resource: 'contacts', action: 'delete', id: created.id, administratorId },
      ]);
    } finally {
      stop();
    }
    expect((await call('GET', 'contacts?name=Dry')).json().meta.total).toBe(0);
  });

  it('sees the actions on a record as its updates: a user’s validation and credits, a book taken off a reporter’s booklist (a change of the sheet’s reporters)', async () => {
    const seen: RecordWrite[] = [];
    const stop = t.app.recordWrites.observe(async (_tx, write) => void seen.push(write));
    try {
      const subscribed = (await call('GET', 'users?subscription_state=active&perPage=1')).json().data[0] as { id: number };
      expect((await call('POST', `users/validate/${subscribed.id}`, { is_accepted: 1 })).statusCode).toBe(200);
      expect((await call('POST', `users/${subscribed.id}/credits`, { credits: 42 })).statusCode).toBe(200);
      const [link] = await t.database.db.select().from(reporterBooks).limit(1);
      expect((await call('DELETE', 'reporters/delete-book', { reporterId: link!.reporterId, bookId: link!.bookId })).statusCode).toBe(200);
      expect(seen.map(({ resource, action, id }) => ({ resource, action, id }))).toEqual([
        { resource: 'users', action: 'update', id: subscribed.id },
        { resource: 'users', action: 'update', id: subscribed.id },
        { resource: 'books', action: 'update', id: link!.bookId },
      ]);
    } finally {
      stop();
    }
  });
});
