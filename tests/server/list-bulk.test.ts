import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../bench/generate.js';
import { bookGenres, books, genres } from '../../server/db/schema/index.js';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { insertUser } from '../helpers/subscribers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { BULK_ROWS_AT_ONCE } from '../../server/engine/bulk/bulkActions.js';

type Row = { id: number; label: string | null; done: boolean; message?: string; errors?: Record<string, string[]> };

describe('POST admin/{api}/bulk: a declared action on many rows, each through its own save or delete', () => {
  let t: TestApp;
  let cookie: string;
  let statuses: { id: number; label: string }[];
  let rightsStatuses: { id: number; label: string }[];
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });
  const bulk = async (api: string, payload: object, status = 200) => {
    const response = await call('POST', `${api}/bulk`, payload);
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  const sheet = async (id: number) =>
    (await call('GET', `books/${id}`)).json().data as { id: number; status_id: number; rights_status_id: number; version: number; original_title: string };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    await generateCatalogue(t.database.db, { size: 40 });
    statuses = (await call('GET', 'utilities/book-statuses')).json().data;
    rightsStatuses = (await call('GET', 'utilities/rights-statuses')).json().data;
  }, 120_000);
  afterAll(async () => t?.close());

  it('sets the status of the chosen sheets through their save: each a revision of its history', async () => {
    const ids = [1, 2, 3];
    const target = statuses.find((status) => status.id !== statuses[0]!.id)!;
    const before = await Promise.all(ids.map(sheet));
    const answer = await bulk('books', { action: 'set', field: 'status_id', value: target.id, ids });
    expect(answer.message).toBe('3 rows changed.');
    expect(answer.data).toMatchObject({ total: 3, done: 3, refused: 0 });
    expect((answer.data.rows as Row[]).map((row) => [row.id, row.label, row.done])).toEqual(before.map((one) => [one.id, one.original_title, true]));
    for (const [index, id] of ids.entries()) {
      const after = await sheet(id);
      expect(after.status_id).toBe(target.id);
      // Nothing else of the sheet moved; its version did.
      expect(after.rights_status_id).toBe(before[index]!.rights_status_id);
      expect(after.version).toBe(before[index]!.version + 1);
      const history = (await call('GET', `history/books/${id}`)).json().data as { action: string; changes: Record<string, unknown> }[];
      expect(history[0]!.action).toBe('update');
      expect(Object.keys(history[0]!.changes)).toEqual(['status_id']);
    }
  });

  it('a status set writes that column alone, by the save’s rules: the sheet’s other fields and lists stay, a new rights status is dated, an unknown status is refused', async () => {
    const full = async (id: number) =>
      (await call('GET', `books/${id}`)).json().data as Record<string, unknown> & {
        version: number;
        rights_status_id: number;
        rights_status_updated_at: string | null;
      };
    const before = await full(12);
    const target = rightsStatuses.find((status) => status.id !== before.rights_status_id)!;
    const answer = await bulk('books', { action: 'set', field: 'rights_status_id', value: target.id, ids: [12] });
    expect(answer.data).toMatchObject({ done: 1, refused: 0 });
    const after = await full(12);
    expect(after.rights_status_id).toBe(target.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.rights_status_updated_at).not.toBe(before.rights_status_updated_at);
    expect(Date.parse(after.rights_status_updated_at!)).toBeGreaterThan(Date.now() - 60_000);
    // Everything else the editor reads is as it was: titles, lists, files, criteria.
    const rest = (sheet: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(sheet).filter(([key]) => !['rights_status_id', 'rights_status', 'rights_status_updated_at', 'version', 'updated_at'].includes(key)),
      );
    expect(rest(after)).toEqual(rest(before));
    // A status the database does not have is refused as the editor's save refuses it.
    const unknown = await bulk('books', { action: 'set', field: 'status_id', value: 9_999, ids: [12] });
    expect((unknown.data.rows as Row[])[0]).toMatchObject({ done: false, errors: { status_id: ['The selected status does not exist.'] } });
    expect((await full(12)).version).toBe(after.version);
  });

  it('a column write refuses a sheet changed since it was read, and keeps the search text in step with a new title', async () => {
    const service = t.app.services.resources.get('books')!;
    const read = (await call('GET', `books/13`)).json().data as Record<string, unknown> & { id: number; version: number };
    const saveColumn = (original_title: string) => service.save('13', { ...read, original_title }, [], { over: { record: read, changed: ['original_title'] } });
    await saveColumn('Zygomorphic Lanterns');
    const found = (await call('GET', 'books?search=zygomorphic')).json().data as { id: number }[];
    expect(found.map((row) => row.id)).toEqual([13]);
    // The same read again: its version is past, so the write is refused and nothing is written.
    await expect(saveColumn('Other')).rejects.toMatchObject({ statusCode: 409 });
    expect(((await call('GET', `books/13`)).json().data as { original_title: string }).original_title).toBe('Zygomorphic Lanterns');
    const history = (await call('GET', 'history/books/13')).json().data as { changes: Record<string, unknown> }[];
    expect(Object.keys(history[0]!.changes)).toEqual(['original_title']);
  });

  it('reports each refused row with its reason and writes nothing of it: the others are done', async () => {
    // A sheet its save refuses: its title emptied behind the form's back.
    await t.database.db.update(books).set({ originalTitle: '' }).where(eq(books.id, 5));
    const before = await sheet(5);
    const target = rightsStatuses.find((status) => status.id !== before.rights_status_id)!;
    const answer = await bulk('books', { action: 'set', field: 'rights_status_id', value: target.id, ids: [4, 5, 6, 999_999] });
    expect(answer.message).toBe('2 rows changed; 2 rows refused.');
    const rows = answer.data.rows as Row[];
    expect(rows.map((row) => [row.id, row.done])).toEqual([
      [4, true],
      [5, false],
      [6, true],
      [999_999, false],
    ]);
    expect(rows[1]!.message).toBe('The original title field is required.');
    expect(Object.keys(rows[1]!.errors!)).toEqual(['original_title']);
    expect(rows[3]).toEqual({ id: 999_999, label: null, done: false, message: 'This row no longer exists.' });
    const after = await sheet(5);
    expect(after.rights_status_id).toBe(before.rights_status_id);
    expect(after.version).toBe(before.version);
    expect((await sheet(4)).rights_status_id).toBe(target.id);
  });

  it('runs on every row the list’s query matches, not only a page', async () => {
    const from = statuses[0]!;
    const matching = (await call('GET', `books?statuses=${from.id}&perPage=1000`)).json();
    expect(matching.meta.total).toBeGreaterThan(2);
    const target = rightsStatuses[rightsStatuses.length - 1]!;
    const answer = await bulk('books', { action: 'set', field: 'rights_status_id', value: target.id, query: { statuses: [String(from.id)], perPage: '10' } });
    expect(answer.data.total).toBe(matching.meta.total);
    expect((answer.data.rows as Row[]).map((row) => row.id).sort((a, b) => a - b)).toEqual(
      (matching.data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b),
    );
    // The sheet whose title was emptied above is refused again, if it is among them; every other one is done.
    const refused = (answer.data.rows as Row[]).filter((row) => !row.done).map((row) => row.id);
    expect(refused).toEqual((matching.data as { id: number }[]).some((row) => row.id === 5) ? [5] : []);
    const listed = (await call('GET', `books?statuses=${from.id}&perPage=1000`)).json().data as { id: number; rights_status: { id: number } }[];
    expect(listed.filter((row) => !refused.includes(row.id)).every((row) => row.rights_status.id === target.id)).toBe(true);
  });

  it('deletes the chosen sheets; one with requests is kept and said in use', async () => {
    const userId = await insertUser(t.database.db);
    const types = (await call('GET', 'utilities/demand-types')).json().data as { id: number }[];
    const demandStatuses = (await call('GET', 'utilities/demand-statuses')).json().data as { id: number }[];
    const request = await call('POST', 'demands', {
      user_id: userId,
      book_id: 8,
      demand_date: '2026-11-02',
      demand_type_id: types[0]!.id,
      demand_status_id: demandStatuses[0]!.id,
    });
    expect(request.statusCode, request.body).toBe(200);
    const answer = await bulk('books', { action: 'delete', ids: [7, 8, 9] });
    expect(answer.message).toBe('2 rows deleted; 1 row refused.');
    expect((answer.data.rows as Row[]).map((row) => [row.id, row.done, row.message ?? null])).toEqual([
      [7, true, null],
      [8, false, 'This reading sheet has requests and cannot be deleted: delete or detach its requests first.'],
      [9, true, null],
    ]);
    expect(
      (
        await t.database.db
          .select({ id: books.id })
          .from(books)
          .where(inArray(books.id, [7, 8, 9]))
      ).map((row) => row.id),
    ).toEqual([8]);
  });

  it('sets a request’s status: one that needs a commentary is refused without it, as one row is, and done with it', async () => {
    const userId = await insertUser(t.database.db);
    const types = (await call('GET', 'utilities/demand-types')).json().data as { id: number }[];
    const demandStatuses = (await call('GET', 'utilities/demand-statuses')).json().data as { id: number; name: string; requires_commentary: boolean }[];
    const needing = demandStatuses.find((status) => status.requires_commentary)!;
    const plain = demandStatuses.find((status) => !status.requires_commentary)!;
    const ids: number[] = [];
    for (const book of [10, 11]) {
      const created = await call('POST', 'demands', {
        user_id: userId,
        book_id: book,
        demand_date: '2026-11-03',
        demand_type_id: types[0]!.id,
        demand_status_id: plain.id,
      });
      ids.push(created.json().data.id);
    }
    const refused = await bulk('demands', { action: 'set', field: 'demand_status_id', value: needing.id, ids });
    expect(refused.data).toMatchObject({ done: 0, refused: 2 });
    expect((refused.data.rows as Row[])[0]!.errors).toEqual({ commentary: [`The commentary field is required when the request status is ${needing.name}.`] });
    for (const id of ids) expect((await call('GET', `demands/${id}`)).json().data.demand_status_id).toBe(plain.id);

    const done = await bulk('demands', { action: 'set', field: 'demand_status_id', value: needing.id, with: { commentary: 'Rights taken elsewhere.' }, ids });
    expect(done.data).toMatchObject({ done: 2, refused: 0 });
    for (const id of ids)
      expect((await call('GET', `demands/${id}`)).json().data).toMatchObject({ demand_status_id: needing.id, commentary: 'Rights taken elsewhere.' });
  });

  it('deletes reference rows; one still in use is kept with its reason', async () => {
    const used = (await t.database.db.select({ genreId: bookGenres.genreId }).from(bookGenres).limit(1))[0]!.genreId;
    const [fresh] = await t.database.db
      .insert(genres)
      .values({ names: { en: 'Bulk test genre' }, color: '#123456', searchText: 'bulk test genre' })
      .returning({ id: genres.id });
    const answer = await bulk('genres', { action: 'delete', ids: [fresh!.id, used] });
    const rows = answer.data.rows as Row[];
    expect(rows.map((row) => [row.id, row.done])).toEqual([
      [fresh!.id, true],
      [used, false],
    ]);
    expect(rows[0]!.label).toBe('Bulk test genre');
    expect(rows[1]!.message).toMatch(/used|in use|cannot be deleted/i);
  });

  it('validates and invalidates users through their validation, each a revision', async () => {
    const ids = [await insertUser(t.database.db, { isAccepted: false }), await insertUser(t.database.db, { isAccepted: false })];
    const validated = await bulk('users', { action: 'set', field: 'is_accepted', value: true, ids });
    expect(validated).toMatchObject({ message: '2 rows changed.', data: { done: 2, refused: 0 } });
    for (const id of ids) {
      expect((await call('GET', `users/${id}`)).json().data.is_accepted).toBe(true);
      expect(((await call('GET', `history/users/${id}`)).json().data as { changes: object }[])[0]!.changes).toHaveProperty('is_accepted');
    }
    const invalidated = await bulk('users', { action: 'set', field: 'is_accepted', value: false, ids: [ids[0]!] });
    expect(invalidated.data).toMatchObject({ done: 1, refused: 0 });
    expect((await call('GET', `users/${ids[0]}`)).json().data.is_accepted).toBe(false);
    expect((await call('GET', `users/${ids[1]}`)).json().data.is_accepted).toBe(true);
  });

  it('runs more rows than one answer holds as a job: its progress and refused rows read back until it ends', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 130; i++) ids.push(await insertUser(t.database.db, { isAccepted: false }));
    const started = await call('POST', 'users/bulk', { action: 'set', field: 'is_accepted', value: true, ids: [...ids, 2_000_000] });
    expect(started.statusCode, started.body).toBe(202);
    const { job } = started.json().data as { job: { id: number; total: number; state: string } };
    expect(started.json().message).toBe('The action runs on 131 rows in the background.');
    expect(job).toMatchObject({ total: 131, state: 'running' });
    let read: { state: string; done: number; refused: number; rows: Row[] } | undefined;
    await expect
      .poll(
        async () => {
          read = (await call('GET', `bulk-jobs/${job.id}`)).json().data;
          return read!.state;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe('finished');
    expect(read).toMatchObject({ done: 130, refused: 1, rows: [{ id: 2_000_000, done: false, message: 'This row no longer exists.' }] });
    const accepted = (await call('GET', `users?is_accepted=1&perPage=1000`)).json().data as { id: number }[];
    expect(ids.every((id) => accepted.some((user) => user.id === id))).toBe(true);
    // Another administrator's job is not theirs to read.
    await insertAdministrator(t.database.db, {
      firstname: 'Col',
      lastname: 'League',
      email: 'colleague@scouting.test',
      passwordHash: await hashPassword('another good password'),
    });
    const colleague = await t.login('colleague@scouting.test', 'another good password');
    expect((await t.as(colleague, { method: 'GET', url: `/api/admin/bulk-jobs/${job.id}` })).statusCode).toBe(404);
  }, 90_000);

  it('a job its server stops ends between rows, interrupted, saying how far it got: the rows done stay done, the others untouched', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) ids.push(await insertUser(t.database.db, { isAccepted: false }));
    // The server starts stopping once ten of the job's rows are written.
    let writes = 0;
    const unobserve = t.app.recordWrites.observe(async (_tx, write) => {
      if (write.resource === 'users' && ++writes === 10) t.app.shuttingDown = true;
    });
    const started = await call('POST', 'users/bulk', { action: 'set', field: 'is_accepted', value: true, ids });
    expect(started.statusCode, started.body).toBe(202);
    const { job } = started.json().data as { job: { id: number } };
    let read: { state: string; done: number; refused: number; message: string | null } | undefined;
    try {
      await expect
        .poll(
          async () => {
            read = (await call('GET', `bulk-jobs/${job.id}`)).json().data;
            return read!.state;
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBe('interrupted');
    } finally {
      unobserve();
      t.app.shuttingDown = false;
    }
    // The rows running when it began to stop ended; no row was taken after.
    expect(read!.done).toBeGreaterThanOrEqual(10);
    expect(read!.done).toBeLessThanOrEqual(10 + BULK_ROWS_AT_ONCE);
    expect(read!.message).toBe(
      `The action ran on ${read!.done} of 120 rows: its server stopped before the end. Resume it to run it on the ${120 - read!.done} rows left.`,
    );
    const accepted = new Set(((await call('GET', `users?is_accepted=1&perPage=1000`)).json().data as { id: number }[]).map((user) => user.id));
    expect(ids.filter((id) => accepted.has(id))).toHaveLength(read!.done);
  }, 60_000);

  it('refuses what the list does not declare, and a request that does not say its rows, before any row is written', async () => {
    const title = (await sheet(12)).original_title;
    const undeclared = await bulk('books', { action: 'set', field: 'original_title', value: 'Renamed', ids: [12] }, 422);
    expect(undeclared.errors.field[0]).toBe('This list has no such bulk action (it offers “Set the status”, “Set the rights status”, “Delete”).');
    expect((await sheet(12)).original_title).toBe(title);
    expect((await bulk('audiences', { action: 'delete', ids: [1] }, 422)).errors.action).toEqual(['This list has no bulk action.']);
    expect((await bulk('books', { action: 'set', field: 'status_id', ids: [12] }, 422)).errors.value).toEqual(['Choose the value to set.']);
    expect(Object.keys((await bulk('books', { action: 'delete' }, 422)).errors)).toEqual(['ids']);
    expect(Object.keys((await bulk('books', { action: 'delete', ids: [12], query: {} }, 422)).errors)).toEqual(['ids']);
    expect(Object.keys((await bulk('books', { action: 'delete', query: { colour: 'red' } }, 422)).errors)).toEqual(['query.colour']);
    expect(Object.keys((await bulk('demands', { action: 'set', field: 'demand_status_id', value: 1, with: { user_id: '3' }, ids: [1] }, 422)).errors)).toEqual([
      'with.user_id',
    ]);
    expect(Object.keys((await bulk('books', { action: 'remove', ids: [12] }, 422)).errors)).toEqual(['action']);
    expect(await t.database.db.select({ id: books.id }).from(books).where(eq(books.id, 12))).toHaveLength(1);
  });
});
