import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authors, bookAuthors, books, bookSearchText, demands } from '../../server/db/schema/index.js';
import { DEMAND_MESSAGES } from '../../server/resources/demands.js';
import { adminApi } from '../helpers/adminApi.js';
import { insertUser } from '../helpers/subscribers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * Requests (`admin/demands`, SPEC §3 'Request', §4 'Request status', §5, §7): the list (newest
 * first, user, sheet, status and type filters, the user and the sheet on each row), the record,
 * create and update with their rules (required fields, end date, the commentary of status 4, ids
 * that exist), the stale-version 409 of a status change, delete, and the sheet's `requestList`.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(async () => t.close());

const api = adminApi({ as: (c, o) => t.as(c, o) } as TestApp, () => cookie);
const db = () => t.database.db;
type Row = Record<string, unknown> & { id: number; version: number };

let userId: number;
let otherUserId: number;
let bookIds: number[];
beforeAll(async () => {
  userId = await insertUser(db(), { firstname: 'Hélène', lastname: 'Dupré', company: 'Studio Nord', email: 'helene@studio-nord.test' });
  otherUserId = await insertUser(db(), { name: 'Marco R.', firstname: 'Marco', lastname: 'Rossi', company: null, email: 'marco@rossi.test' });
  const [author] = await db().insert(authors).values({ name: 'Elena Ferrante' }).returning({ id: authors.id });
  const [second] = await db().insert(authors).values({ name: 'Domenico Starnone' }).returning({ id: authors.id });
  bookIds = (
    await db()
      .insert(books)
      .values([{ originalTitle: "L'amica geniale" }, { originalTitle: 'Lacci' }])
      .returning({ id: books.id })
  ).map((row) => row.id);
  await db()
    .insert(bookAuthors)
    .values([
      { bookId: bookIds[0]!, authorId: author!.id, position: 0 },
      { bookId: bookIds[1]!, authorId: second!.id, position: 0 },
      { bookId: bookIds[1]!, authorId: author!.id, position: 1 },
    ]);
});

const body = (overrides: Record<string, unknown> = {}) => ({
  book_id: bookIds[0],
  user_id: userId,
  demand_date: '2026-05-04',
  demand_end_date: '2026-06-04',
  demand_type_id: 1,
  demand_status_id: 1,
  commentary: null,
  ...overrides,
});

describe('POST admin/demands (create)', () => {
  it('creates a request and answers it as the list shows it: the user, the sheet with its authors, dates, type and status with names, version 1', async () => {
    const response = await api.call('POST', 'demands', body({ commentary: 'Rights asked by the producer.' }));
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json() as { message: string; data: Row };
    expect(message).toBe('Added successfully to the database');
    expect(data).toMatchObject({
      user_id: userId,
      book_id: bookIds[0],
      user: { id: userId, name: 'Hélène Dupré', company: 'Studio Nord', email: 'helene@studio-nord.test' },
      book: { id: bookIds[0], original_title: "L'amica geniale", authorList: [{ name: 'Elena Ferrante' }] },
      demand_date: '2026-05-04',
      demand_end_date: '2026-06-04',
      demand_type_id: 1,
      demand_type: { id: 1, name: 'Rights information' },
      demand_status_id: 1,
      demand_status: { id: 1, name: 'Pending' },
      commentary: 'Rights asked by the producer.',
      version: 1,
    });
    expect((await api.call('GET', `demands/${data.id}`)).json().data).toEqual(data);
  });

  it('names the display name when the user has one', async () => {
    const saved = await api.save<Row>('demands', body({ user_id: otherUserId }));
    expect(saved.user).toEqual({ id: otherUserId, name: 'Marco R.', company: null, email: 'marco@rossi.test' });
  });

  it('requires the sheet, the user, the date, the type and the status', async () => {
    const errors = await api.invalid('demands', { commentary: 'x' });
    expect(errors).toEqual({
      book_id: ['The reading sheet field is required.'],
      user_id: ['The user field is required.'],
      demand_date: ['The request date field is required.'],
      demand_type_id: ['The request type field is required.'],
      demand_status_id: ['The request status field is required.'],
    });
  });

  it('takes dates as yyyy-MM-dd only', async () => {
    expect(await api.invalid('demands', body({ demand_date: '04/05/2026', demand_end_date: '2026-13-01' }))).toEqual({
      demand_date: ['The request date format is invalid.'],
      demand_end_date: ['The request end date format is invalid.'],
    });
  });

  it('refuses an end date before the request date, and takes the same day', async () => {
    expect(await api.invalid('demands', body({ demand_end_date: '2026-05-03' }))).toEqual({ demand_end_date: [DEMAND_MESSAGES.endBeforeStart] });
    const sameDay = await api.save<Row>('demands', body({ demand_end_date: '2026-05-04' }));
    expect(sameDay.demand_end_date).toBe('2026-05-04');
    const open = await api.save<Row>('demands', body({ demand_end_date: null }));
    expect(open.demand_end_date).toBeNull();
  });

  it('requires a commentary with status 4, on the commentary field, and takes it with one', async () => {
    for (const commentary of [null, '', '   ']) {
      expect(await api.invalid('demands', body({ demand_status_id: 4, commentary }))).toEqual({ commentary: [DEMAND_MESSAGES.commentaryRequired('Refused')] });
    }
    const refused = await api.save<Row>('demands', body({ demand_status_id: 4, commentary: 'Not available for adaptation.' }));
    expect(refused.demand_status).toEqual({ id: 4, name: 'Refused' });
  });

  it('refuses ids that name nothing, each on its field, with every other rule at once', async () => {
    expect(
      await api.invalid('demands', body({ book_id: 999999, user_id: 999999, demand_type_id: 99, demand_status_id: 99, demand_end_date: '2026-01-01' })),
    ).toEqual({
      book_id: ['The selected book id is invalid.'],
      user_id: ['The selected user id is invalid.'],
      demand_type_id: ['The selected demand type id is invalid.'],
      demand_status_id: ['The selected demand status id is invalid.'],
      demand_end_date: [DEMAND_MESSAGES.endBeforeStart],
    });
  });

  it('refuses fields it does not know', async () => {
    expect(await api.invalid('demands', body({ priority: 'high' }))).toHaveProperty('priority');
  });
});

describe('POST admin/demands/{id} (update) and the stale version', () => {
  let request: Row;
  beforeAll(async () => {
    request = await api.save<Row>('demands', body({ demand_date: '2026-04-01', demand_end_date: null }));
  });

  it('saves the whole request, moving its version by one', async () => {
    const response = await api.call('POST', `demands/${request.id}`, { ...request, demand_status_id: 2, demand_type_id: 3 });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json() as { message: string; data: Row };
    expect(message).toBe('Updated successfully');
    expect(data).toMatchObject({ demand_status: { id: 2, name: 'In progress' }, demand_type: { id: 3 }, version: request.version + 1 });
    request = data;
  });

  it('saves without a version as SPEC §7 sends a save, writing over and moving the version', async () => {
    const { version: _version, ...withoutVersion } = request;
    const response = await api.call('POST', `demands/${request.id}`, { ...withoutVersion, commentary: 'Sent without a version.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ commentary: 'Sent without a version.', version: request.version + 1 });
    request = response.json().data as Row;
  });

  it('refuses a status change based on an older version with 409, writing nothing', async () => {
    const stale = { ...request, version: request.version - 1, demand_status_id: 3 };
    const response = await api.call('POST', `demands/${request.id}`, stale);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DEMAND_MESSAGES.stale);
    const [row] = await db().select().from(demands).where(eq(demands.id, request.id));
    expect(row).toMatchObject({ demandStatusId: 2, version: request.version });
  });

  it('lets exactly one of several saves based on the same version through', async () => {
    const answers = await Promise.all([3, 5, 1, 2].map((status) => api.call('POST', `demands/${request.id}`, { ...request, demand_status_id: status })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().data as Row;
    const [row] = await db().select().from(demands).where(eq(demands.id, request.id));
    expect(row).toMatchObject({ demandStatusId: winner.demand_status_id, version: request.version + 1 });
    request = winner;
  });

  it('checks the rules on update too: status 4 without a commentary is refused on commentary', async () => {
    expect(await api.invalid('demands', { ...request, demand_status_id: 4, commentary: null }, request.id)).toEqual({
      commentary: [DEMAND_MESSAGES.commentaryRequired('Refused')],
    });
    const refused = await api.save<Row>('demands', { ...request, demand_status_id: 4, commentary: 'Optioned elsewhere.' }, request.id);
    expect(refused).toMatchObject({ demand_status_id: 4, commentary: 'Optioned elsewhere.' });
  });

  it('answers 404 for a request that does not exist', async () => {
    const response = await api.call('POST', 'demands/999999', { ...request });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Request not found');
    expect((await api.call('GET', 'demands/999999')).statusCode).toBe(404);
  });
});

describe('GET admin/demands', () => {
  let mine: Row[];
  beforeAll(async () => {
    await db().delete(demands);
    mine = [];
    for (const [date, book, user, type, status] of [
      ['2026-03-01', 0, 'me', 1, 1],
      ['2026-03-03', 1, 'me', 2, 2],
      ['2026-03-02', 0, 'other', 2, 3],
      ['2026-03-03', 1, 'other', 5, 1],
    ] as const) {
      mine.push(
        await api.save<Row>(
          'demands',
          body({
            demand_date: date,
            demand_end_date: null,
            book_id: bookIds[book],
            user_id: user === 'me' ? userId : otherUserId,
            demand_type_id: type,
            demand_status_id: status,
          }),
        ),
      );
    }
  });
  const ids = async (query = '') => (await api.list('demands', query)).data.map((row) => row.id);

  it('lists newest first (by request date, then the latest created), paged', async () => {
    expect(await ids()).toEqual([mine[3]!.id, mine[1]!.id, mine[2]!.id, mine[0]!.id]);
    const page = await api.list('demands', 'perPage=2&page=2');
    expect(page.meta).toMatchObject({ total: 4, current_page: 2, per_page: 2, last_page: 2 });
    expect(page.data.map((row) => row.id)).toEqual([mine[2]!.id, mine[0]!.id]);
  });

  it('carries the user, the sheet with its authors in order, and the names of type and status on each row', async () => {
    const [first] = (await api.list('demands', `book_id=${bookIds[1]}&user_id=${otherUserId}`)).data;
    expect(first).toMatchObject({
      user: { name: 'Marco R.', email: 'marco@rossi.test' },
      book: { original_title: 'Lacci', authorList: [{ name: 'Domenico Starnone' }, { name: 'Elena Ferrante' }] },
      demand_type: { id: 5, name: 'Other' },
      demand_status: { id: 1, name: 'Pending' },
    });
  });

  it('filters by user, by sheet, by statuses and by types, together', async () => {
    expect(await ids(`user_id=${userId}`)).toEqual([mine[1]!.id, mine[0]!.id]);
    expect(await ids(`book_id=${bookIds[0]}`)).toEqual([mine[2]!.id, mine[0]!.id]);
    expect(await ids('status[]=1')).toEqual([mine[3]!.id, mine[0]!.id]);
    expect(await ids('status[]=2&status[]=3')).toEqual([mine[1]!.id, mine[2]!.id]);
    expect(await ids('type[]=2')).toEqual([mine[1]!.id, mine[2]!.id]);
    expect(await ids(`type[]=2&user_id=${otherUserId}`)).toEqual([mine[2]!.id]);
    // One value may come without brackets, as SPEC §7 writes the parameters.
    expect(await ids('status=1')).toEqual([mine[3]!.id, mine[0]!.id]);
    expect(await ids('type=2&status=3')).toEqual([mine[2]!.id]);
  });

  it("searches (name) the user's name, e-mail and company and the sheet's titles and authors, every word, case and accents folded", async () => {
    for (const [index, title] of [
      [0, "L'amica geniale"],
      [1, 'Lacci'],
    ] as const) {
      const names = index === 0 ? ['Elena Ferrante'] : ['Domenico Starnone', 'Elena Ferrante'];
      await db()
        .update(books)
        .set({ searchText: bookSearchText(title, {}, names) })
        .where(eq(books.id, bookIds[index]!));
    }
    const search = (text: string) => ids(`name=${encodeURIComponent(text)}`);
    expect(await search('helene')).toEqual([mine[1]!.id, mine[0]!.id]);
    expect(await search('ROSSI.test')).toEqual([mine[3]!.id, mine[2]!.id]);
    expect(await search('studio nord')).toEqual([mine[1]!.id, mine[0]!.id]);
    expect(await search('Lacci')).toEqual([mine[3]!.id, mine[1]!.id]);
    expect(await search('starnone')).toEqual([mine[3]!.id, mine[1]!.id]);
    // One word in the user, the other in the sheet.
    expect(await search('Dupré geniale')).toEqual([mine[0]!.id]);
    expect(await search('marco ferrante')).toEqual([mine[3]!.id, mine[2]!.id]);
    expect(await search('nobody')).toEqual([]);
    expect(await search('   ')).toHaveLength(4);
    expect(await ids(`name=lacci&user_id=${userId}&status[]=2`)).toEqual([mine[1]!.id]);
    const page = await api.list('demands', 'name=lacci&perPage=1');
    expect(page.meta).toMatchObject({ total: 2 });
    expect((await api.call('GET', `demands?name=${'x'.repeat(201)}`)).statusCode).toBe(422);
  });

  it('refuses unknown parameters and values that are not ids', async () => {
    for (const query of ['priority=1', 'status[]=abc', 'user_id=-1', 'type[]=1.5']) {
      expect((await api.call('GET', `demands?${query}`)).statusCode, query).toBe(422);
    }
  });

  it("is the sheet's requestList, newest first", async () => {
    const sheet = (await api.call('GET', `books/${bookIds[1]}`)).json().data as { requestList: Row[] };
    expect(sheet.requestList.map((row) => row.id)).toEqual([mine[3]!.id, mine[1]!.id]);
    expect(sheet.requestList[0]).toEqual((await api.call('GET', `demands/${mine[3]!.id}`)).json().data);
  });
});

describe('GET admin/utilities/demand-statuses', () => {
  it("flags the status that requires a commentary (4), in the API's snake_case", async () => {
    const { data } = (await api.call('GET', 'utilities/demand-statuses')).json() as { data: { id: number; name: string; requires_commentary: boolean }[] };
    expect(data.filter((status) => status.requires_commentary).map((status) => status.id)).toEqual([4]);
    expect(Object.keys(data[0]!).sort()).toEqual(['id', 'name', 'requires_commentary']);
  });
});

describe('DELETE admin/demands/{id}', () => {
  it('deletes a request, then answers 404', async () => {
    const request = await api.save<Row>('demands', body());
    const response = await api.call('DELETE', `demands/${request.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Deleted successfully');
    expect((await api.call('DELETE', `demands/${request.id}`)).statusCode).toBe(404);
    expect(await db().select().from(demands).where(eq(demands.id, request.id))).toEqual([]);
  });
});
