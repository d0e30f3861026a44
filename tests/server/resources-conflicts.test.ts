import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookGenres, bookPeriods, books, bookThematics, genres, periods, thematics, times } from '../../server/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let cookie: string;
let bookId: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  const [book] = await t.database.db.insert(books).values({ originalTitle: 'A minimal sheet' }).returning({ id: books.id });
  bookId = book!.id;
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });

async function create(api: string, payload: Record<string, unknown>): Promise<number> {
  const response = await call('POST', api, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

async function expectInUse(api: string, id: number, message: string) {
  const response = await call('DELETE', `${api}/${id}`);
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({ message });
  expect((await call('GET', `${api}/${id}`)).statusCode).toBe(200);
}

describe('deleting a record still in use answers 409 and keeps it', () => {
  it('genre used by a reading sheet', async () => {
    const id = await create('genres', { names: { en: 'Used genre' }, color: '#0091ea' });
    await t.database.db.insert(bookGenres).values({ bookId, genreId: id, isPrimary: true });
    await expectInUse('genres', id, 'This genre is still used by reading sheets or other genres and cannot be deleted.');
    await t.database.db.delete(bookGenres).where(eq(bookGenres.genreId, id));
    expect((await call('DELETE', `genres/${id}`)).statusCode).toBe(200);
  });

  it('genre with a child genre', async () => {
    const parent = await create('genres', { names: { en: 'Parent genre' }, color: '#0091ea' });
    const child = await create('genres', { names: { en: 'Child genre' }, color: '#0091ea', parent_id: parent });
    await expectInUse('genres', parent, 'This genre is still used by reading sheets or other genres and cannot be deleted.');
    expect((await call('DELETE', `genres/${child}`)).statusCode).toBe(200);
    expect((await call('DELETE', `genres/${parent}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(genres).where(eq(genres.id, parent))).toEqual([]);
  });

  it('seeded top-level genre with children', async () => {
    const [child] = await t.database.db.select().from(genres).where(eq(genres.id, 20));
    await expectInUse('genres', child!.parentId!, 'This genre is still used by reading sheets or other genres and cannot be deleted.');
  });

  it('thematic used by a reading sheet, and with a child', async () => {
    const parent = await create('thematics', { names: { en: 'Parent thematic' } });
    await create('thematics', { names: { en: 'Child thematic' }, parent_id: parent });
    const used = await create('thematics', { names: { en: 'Used thematic' } });
    await t.database.db.insert(bookThematics).values({ bookId, thematicId: used });
    const message = 'This thematic is still used by reading sheets or other thematics and cannot be deleted.';
    await expectInUse('thematics', parent, message);
    await expectInUse('thematics', used, message);
    expect(await t.database.db.select().from(thematics).where(eq(thematics.id, used))).toHaveLength(1);
  });

  it('time used as a reading sheet time, period used by a reading sheet', async () => {
    const time = await create('times', { names: { en: 'Used time' } });
    await t.database.db.update(books).set({ timeId: time }).where(eq(books.id, bookId));
    await expectInUse('times', time, 'This time is still used by reading sheets and cannot be deleted.');
    expect(await t.database.db.select().from(times).where(eq(times.id, time))).toHaveLength(1);
    const period = await create('periods', { names: { en: 'Used period' } });
    await t.database.db.insert(bookPeriods).values({ bookId, periodId: period });
    await expectInUse('periods', period, 'This period is still used by reading sheets and cannot be deleted.');
    expect(await t.database.db.select().from(periods).where(eq(periods.id, period))).toHaveLength(1);
  });
});
