import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReporterBookGroup, ReporterRecord } from '../../common/reporters.js';
import { authors, bookAuthors, bookGenres, books, genres, plans, reporterBooks, reporterTexts } from '../../server/db/schema/index.js';
import { REPORTER_MESSAGES } from '../../server/resources/reporters.js';
import { REPORTER_BOOK_MESSAGES } from '../../server/editorial/reporterBookService.js';
import { adminApi, expectNotFound } from '../helpers/adminApi.js';
import { insertUser } from '../helpers/subscribers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * Reporters (`admin/reporters`, SPEC §3 'Reporter', §4 'Reporter status' and 'Reporter text
 * block', §5, §7): the list and its filters, the record per language, saves that create, change
 * and delete blocks in one transaction (ids of other reporters refused, nothing written), the
 * booklist grouped by genre, delete-book, and the sheet's `reporterList` writing the same links.
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
type Reporter = ReporterRecord & { id: number };

let ann: number;
let bruno: number;
let planIds: Record<string, number>;
beforeAll(async () => {
  ann = await insertUser(db(), { firstname: 'Ann', lastname: 'Zimmer', email: 'ann@zimmer.test' });
  bruno = await insertUser(db(), { firstname: 'Bruno', lastname: 'Abel', email: 'bruno@abel.test' });
  planIds = Object.fromEntries((await db().select({ id: plans.id, role: plans.role }).from(plans)).map((plan) => [plan.role, plan.id]));
});

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Winter thrillers',
  date: '2026-12-15',
  reporterStatusId: 1,
  reporterUserIds: [ann, bruno],
  reporterUserRoleIds: [planIds.premium, planIds.vip],
  lang: 'en',
  updatedTexts: [],
  deletedTextIds: [],
  ...overrides,
});

const block = (text: string, textType: string, id: number | null = null) => ({ id, text, textType });

describe('POST admin/reporters (create)', () => {
  it('creates a reporter with its users, groups and blocks, and answers it as GET does, with "Successfully saved"', async () => {
    const response = await api.call(
      'POST',
      'reporters',
      body({ updatedTexts: [block('Optioned this month.', 'rights'), block('Two bids.', 'alerts'), block('A third bid.', 'alerts')] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json() as { message: string; data: Reporter };
    expect(message).toBe('Successfully saved');
    expect(data).toMatchObject({
      title: 'Winter thrillers',
      date: '2026-12-15',
      reporterStatusId: 1,
      reporterStatus: { id: 1, name: 'Draft' },
      // By last name.
      reporterUsers: [
        { id: bruno, fullname: 'Bruno Abel' },
        { id: ann, fullname: 'Ann Zimmer' },
      ],
      reporterUserRoles: [
        { id: planIds.premium, name: 'premium' },
        { id: planIds.vip, name: 'vip' },
      ],
      lang: 'en',
    });
    expect(data.reporterTextsData.rights.map((text) => [text.text, text.textType])).toEqual([['Optioned this month.', 'rights']]);
    expect(data.reporterTextsData.alerts.map((text) => text.text)).toEqual(['Two bids.', 'A third bid.']);
    expect(data.reporterTextsData.buzz).toEqual([]);
    expect(data.reporterTextsData.news).toEqual([]);
    expect((await api.call('GET', `reporters/${data.id}?lang=en`)).json().data).toEqual(data);
    expect((await api.call('GET', `reporters/${data.id}`)).json().data).toEqual(data);
  });

  it('refuses a missing title, a malformed date and an unknown status, user or group, each on its field, writing nothing', async () => {
    const before = (await api.list('reporters')).meta.total;
    const errors = await api.invalid(
      'reporters',
      body({ title: '', date: '15/12/2026', reporterStatusId: 99, reporterUserIds: [ann, 999999], reporterUserRoleIds: [999] }),
    );
    expect(errors).toMatchObject({ title: ['The title field is required.'], date: ['The expected publication date format is invalid.'] });
    // Year 0000 is a date by RFC 3339, not one a database stores.
    expect(await api.invalid('reporters', body({ date: '0000-01-01' }))).toEqual({ date: ['The expected publication date format is invalid.'] });
    // Ids are checked once the schema holds.
    const ids = await api.invalid('reporters', body({ reporterStatusId: 99, reporterUserIds: [ann, 999999], reporterUserRoleIds: [999] }));
    expect(ids).toEqual({
      reporterStatusId: [REPORTER_MESSAGES.status],
      'reporterUserIds.1': [REPORTER_MESSAGES.user],
      'reporterUserRoleIds.0': [REPORTER_MESSAGES.userRole],
    });
    expect(await api.invalid('reporters', body({ title: undefined, date: undefined, reporterStatusId: undefined }))).toEqual({
      title: ['The title field is required.'],
      date: ['The expected publication date field is required.'],
      reporterStatusId: ['The status field is required.'],
    });
    expect(await api.invalid('reporters', body({ lang: 'pt', updatedTexts: [block('x', 'gossip')] }))).toEqual({
      lang: ['The selected language is invalid.'],
      'updatedTexts.0.textType': ['The selected text type is invalid.'],
    });
    expect(await api.invalid('reporters', body({ colour: 'red' }))).toEqual({ colour: [expect.stringContaining('colour')] });
    expect((await api.list('reporters')).meta.total).toBe(before);
  });

  it('refuses block ids on a create: they can only be another reporter’s', async () => {
    const other = await api.save<Reporter>('reporters', body({ updatedTexts: [block('Theirs.', 'buzz')] }));
    const theirs = other.reporterTextsData.buzz[0]!.id;
    expect(await api.invalid('reporters', body({ updatedTexts: [block('Mine now.', 'buzz', theirs)], deletedTextIds: [theirs] }))).toEqual({
      'updatedTexts.0.id': [REPORTER_MESSAGES.foreignText],
      'deletedTextIds.0': [REPORTER_MESSAGES.foreignText],
    });
    expect((await api.call('GET', `reporters/${other.id}`)).json().data.reporterTextsData.buzz[0].text).toBe('Theirs.');
  });
});

describe('POST admin/reporters/{id} (update)', () => {
  it('creates, changes and deletes blocks in one save, and replaces users and groups', async () => {
    const created = await api.save<Reporter>(
      'reporters',
      body({ updatedTexts: [block('First right.', 'rights'), block('Old news.', 'news'), block('Gone soon.', 'buzz')] }),
    );
    const [right] = created.reporterTextsData.rights;
    const [news] = created.reporterTextsData.news;
    const [gone] = created.reporterTextsData.buzz;
    const response = await api.call(
      'POST',
      `reporters/${created.id}`,
      body({
        id: created.id,
        title: 'Winter thrillers, final',
        reporterStatusId: 2,
        reporterUserIds: [ann],
        reporterUserRoleIds: [planIds.essential],
        updatedTexts: [block('First right, rewritten.', 'rights', right!.id), block('A new alert.', 'alerts'), block('Second right.', 'rights')],
        deletedTextIds: [gone!.id],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json().data as Reporter;
    expect(response.json().message).toBe('Successfully saved');
    expect(saved).toMatchObject({
      id: created.id,
      title: 'Winter thrillers, final',
      reporterStatus: { id: 2, name: 'Scheduled' },
      reporterUsers: [{ id: ann, fullname: 'Ann Zimmer' }],
      reporterUserRoles: [{ id: planIds.essential, name: 'essential' }],
    });
    expect(saved.reporterTextsData).toEqual({
      rights: [
        { id: right!.id, text: 'First right, rewritten.', textType: 'rights' },
        { id: expect.any(Number), text: 'Second right.', textType: 'rights' },
      ],
      alerts: [{ id: expect.any(Number), text: 'A new alert.', textType: 'alerts' }],
      buzz: [],
      // Not sent, so untouched.
      news: [{ id: news!.id, text: 'Old news.', textType: 'news' }],
    });
    expect(await db().select().from(reporterTexts).where(eq(reporterTexts.id, gone!.id))).toEqual([]);
  });

  it('refuses the whole save when a block id is another reporter’s, and writes nothing', async () => {
    const mine = await api.save<Reporter>('reporters', body({ title: 'Mine', updatedTexts: [block('Mine.', 'rights')] }));
    const theirs = await api.save<Reporter>('reporters', body({ title: 'Theirs', updatedTexts: [block('Theirs.', 'rights'), block('Theirs too.', 'news')] }));
    const foreign = theirs.reporterTextsData.rights[0]!.id;
    const errors = await api.invalid(
      'reporters',
      body({
        title: 'Mine, renamed',
        updatedTexts: [block('Mine, changed.', 'rights', mine.reporterTextsData.rights[0]!.id), block('Hijack.', 'rights', foreign), block('New.', 'buzz')],
        deletedTextIds: [theirs.reporterTextsData.news[0]!.id],
      }),
      mine.id,
    );
    expect(errors).toEqual({ 'updatedTexts.1.id': [REPORTER_MESSAGES.foreignText], 'deletedTextIds.0': [REPORTER_MESSAGES.foreignText] });
    expect((await api.call('GET', `reporters/${mine.id}`)).json().data).toEqual(mine);
    expect((await api.call('GET', `reporters/${theirs.id}`)).json().data).toEqual(theirs);
  });

  it('refuses a block both changed and deleted, or changed twice', async () => {
    const saved = await api.save<Reporter>('reporters', body({ updatedTexts: [block('One.', 'rights')] }));
    const id = saved.reporterTextsData.rights[0]!.id;
    expect(await api.invalid('reporters', body({ updatedTexts: [block('Two.', 'rights', id)], deletedTextIds: [id] }), saved.id)).toEqual({
      'updatedTexts.0.id': [REPORTER_MESSAGES.updatedAndDeleted],
    });
    expect(await api.invalid('reporters', body({ updatedTexts: [block('Two.', 'rights', id), block('Three.', 'rights', id)] }), saved.id)).toEqual({
      'updatedTexts.1.id': [REPORTER_MESSAGES.textTwice],
    });
  });

  it('between two staff: a block deleted by one is refused when the other changes it, and deleting it again is no error', async () => {
    const saved = await api.save<Reporter>('reporters', body({ updatedTexts: [block('Shared.', 'buzz'), block('Kept.', 'news')] }));
    const shared = saved.reporterTextsData.buzz[0]!.id;
    await api.save('reporters', body({ deletedTextIds: [shared] }), saved.id);
    expect(await api.invalid('reporters', body({ updatedTexts: [block('Changed meanwhile.', 'buzz', shared)] }), saved.id)).toEqual({
      'updatedTexts.0.id': [REPORTER_MESSAGES.goneText],
    });
    const again = await api.save<Reporter>('reporters', body({ deletedTextIds: [shared], updatedTexts: [block('Another.', 'alerts')] }), saved.id);
    expect(again.reporterTextsData.buzz).toEqual([]);
    expect(again.reporterTextsData.alerts.map((text) => text.text)).toEqual(['Another.']);
    expect(again.reporterTextsData.news.map((text) => text.text)).toEqual(['Kept.']);
  });

  it('keeps texts per language: a save in French writes French blocks, each language reads its own', async () => {
    const saved = await api.save<Reporter>('reporters', body({ updatedTexts: [block('Rights in English.', 'rights')] }));
    const french = await api.save<Reporter>(
      'reporters',
      body({ lang: 'fr', updatedTexts: [block('Droits en français.', 'rights'), block('Une alerte.', 'alerts')] }),
      saved.id,
    );
    expect(french.lang).toBe('fr');
    expect(french.reporterTextsData.rights.map((text) => text.text)).toEqual(['Droits en français.']);
    expect(french.reporterTextsData.alerts.map((text) => text.text)).toEqual(['Une alerte.']);
    const read = async (lang: string) => (await api.call('GET', `reporters/${saved.id}?lang=${lang}`)).json().data as Reporter;
    expect((await read('en')).reporterTextsData.rights.map((text) => text.text)).toEqual(['Rights in English.']);
    expect((await read('en')).reporterTextsData.alerts).toEqual([]);
    expect((await read('fr')).reporterTextsData).toEqual(french.reporterTextsData);
    expect((await read('de')).reporterTextsData).toEqual({ rights: [], alerts: [], buzz: [], news: [] });
    expect((await read('de')).lang).toBe('de');
    const response = await api.call('GET', `reporters/${saved.id}?lang=pt`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ lang: ['The selected lang is invalid.'] });
  });

  it('answers 404 on an unknown reporter, on read, save and delete', async () => {
    await expectNotFound(api, 'reporters', 'Reporter', body());
  });
});

describe('GET admin/reporters (list)', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const save = async (title: string, overrides: Record<string, unknown>) => (await api.save<Reporter>('reporters', body({ title, ...overrides }))).id;
    ids = {
      december: await save('Décembre noir', { date: '2027-12-01', reporterStatusId: 3, reporterUserIds: [ann] }),
      january: await save('Janvier rouge', { date: '2028-01-01', reporterStatusId: 4, reporterUserIds: [bruno] }),
    };
  });

  it('lists the latest expected publication first, with status, users and groups, and no texts', async () => {
    const { data } = await api.list('reporters', 'perPage=2&lang=fr');
    expect(data.map((row) => row.id)).toEqual([ids.january, ids.december]);
    expect(data[0]).toEqual({
      id: ids.january,
      title: 'Janvier rouge',
      date: '2028-01-01',
      reporterStatusId: 4,
      reporterStatus: { id: 4, name: 'Archived' },
      reporterUsers: [{ id: bruno, fullname: 'Bruno Abel' }],
      reporterUserRoles: [
        { id: planIds.premium, name: 'premium' },
        { id: planIds.vip, name: 'vip' },
      ],
    });
  });

  it('filters by title (accents and case folded), status and user', async () => {
    expect((await api.list('reporters', 'title=decembre')).data.map((row) => row.id)).toEqual([ids.december]);
    expect((await api.list('reporters', 'status=3&status=4')).data.map((row) => row.id)).toEqual([ids.january, ids.december]);
    expect((await api.list('reporters', 'status[]=4')).data.map((row) => row.id)).toEqual([ids.january]);
    const annsIds = (await api.list('reporters', `userId=${ann}&perPage=100`)).data.map((row) => row.id);
    expect(annsIds).toContain(ids.december);
    expect(annsIds).not.toContain(ids.january);
    const annsRows = (await api.list('reporters', `userId=${ann}&perPage=100`)).data as Reporter[];
    expect(annsRows.every((row) => row.reporterUsers.some((user) => user.id === ann))).toBe(true);
    expect((await api.list('reporters', `userId=${bruno}&title=rouge`)).data.map((row) => row.id)).toEqual([ids.january]);
  });

  it('refuses a parameter it does not take', async () => {
    const response = await api.call('GET', 'reporters?user_id=1');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['user_id']);
  });
});

describe('DELETE admin/reporters/{id}', () => {
  it('deletes the reporter with its blocks and booklist, not the users nor the books', async () => {
    const [book] = await db().insert(books).values({ originalTitle: 'Kept' }).returning({ id: books.id });
    const saved = await api.save<Reporter>('reporters', body({ updatedTexts: [block('Soon gone.', 'news')] }));
    await db().insert(reporterBooks).values({ reporterId: saved.id, bookId: book!.id });
    const response = await api.call('DELETE', `reporters/${saved.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted successfully' });
    expect((await api.call('GET', `reporters/${saved.id}`)).statusCode).toBe(404);
    expect(await db().select().from(reporterTexts).where(eq(reporterTexts.reporterId, saved.id))).toEqual([]);
    expect(await db().select().from(reporterBooks).where(eq(reporterBooks.reporterId, saved.id))).toEqual([]);
    expect(await db().select({ id: books.id }).from(books).where(eq(books.id, book!.id))).toHaveLength(1);
    expect((await api.call('GET', `users/${ann}`)).statusCode).toBe(200);
  });
});

describe('The booklist: GET admin/reporters/{id}/books and DELETE admin/reporters/delete-book', () => {
  let reporterId: number;
  let bookIds: number[];
  let genreIds: { thriller: number; romance: number };
  beforeAll(async () => {
    reporterId = (await api.save<Reporter>('reporters', body({ title: 'Booklist' }))).id;
    const [thriller] = await db()
      .insert(genres)
      .values({ names: { en: 'Thriller test', fr: 'Polar test' }, searchText: 'thriller test polar test' })
      .returning({ id: genres.id });
    const [romance] = await db()
      .insert(genres)
      .values({ names: { en: 'Romance test', fr: 'Amour test' }, searchText: 'romance test amour test' })
      .returning({ id: genres.id });
    genreIds = { thriller: thriller!.id, romance: romance!.id };
    bookIds = (
      await db()
        .insert(books)
        .values([
          { originalTitle: 'La nuit', titles: { en: 'The night', fr: 'La nuit' } },
          { originalTitle: 'Le cœur', titles: { fr: 'Le cœur' } },
          { originalTitle: 'Le jour' },
          { originalTitle: 'Sans genre' },
        ])
        .returning({ id: books.id })
    ).map((row) => row.id);
    const [author] = await db().insert(authors).values({ name: 'Fred Vargas' }).returning({ id: authors.id });
    await db().insert(bookAuthors).values({ bookId: bookIds[0]!, authorId: author!.id, position: 0 });
    await db()
      .insert(bookGenres)
      .values([
        { bookId: bookIds[0]!, genreId: genreIds.thriller, isPrimary: true },
        { bookId: bookIds[1]!, genreId: genreIds.romance, isPrimary: true },
        { bookId: bookIds[1]!, genreId: genreIds.thriller, isPrimary: false },
        { bookId: bookIds[2]!, genreId: genreIds.thriller, isPrimary: true },
      ]);
    // The reporter's order: the day, the heart, the night, the one without genre.
    await db()
      .insert(reporterBooks)
      .values([bookIds[2]!, bookIds[1]!, bookIds[0]!, bookIds[3]!].map((bookId, position) => ({ reporterId, bookId, position })));
  });

  const booklist = async (lang: string) => {
    const response = await api.call('GET', `reporters/${reporterId}/books?lang=${lang}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ReporterBookGroup[];
  };

  it('groups the books by primary genre, titles in the language asked, books without one last', async () => {
    expect(await booklist('fr')).toEqual([
      { id: genreIds.romance, title: 'Amour test', books: [{ id: bookIds[1], original_title: 'Le cœur', title: 'Le cœur', authors: '' }] },
      {
        id: genreIds.thriller,
        title: 'Polar test',
        books: [
          { id: bookIds[2], original_title: 'Le jour', title: 'Le jour', authors: '' },
          { id: bookIds[0], original_title: 'La nuit', title: 'La nuit', authors: 'Fred Vargas' },
        ],
      },
      { id: null, title: null, books: [{ id: bookIds[3], original_title: 'Sans genre', title: 'Sans genre', authors: '' }] },
    ]);
    const english = await booklist('en');
    expect(english.map((group) => group.title)).toEqual(['Romance test', 'Thriller test', null]);
    expect(english[1]!.books.map((book) => book.title)).toEqual(['Le jour', 'The night']);
    expect(await (await api.call('GET', `reporters/${reporterId}/books`)).json().data).toEqual(english);
  });

  it('answers an empty list for a reporter without books, 404 for no reporter, 422 for an unknown language', async () => {
    const empty = await api.save<Reporter>('reporters', body({ title: 'Empty' }));
    expect(await (await api.call('GET', `reporters/${empty.id}/books`)).json()).toEqual({ data: [] });
    expect((await api.call('GET', 'reporters/999999/books')).statusCode).toBe(404);
    expect((await api.call('GET', `reporters/${reporterId}/books?lang=xx`)).statusCode).toBe(422);
  });

  it('removes one book from the booklist, and says so when it is not on it', async () => {
    const response = await api.call('DELETE', 'reporters/delete-book', { reporterId, bookId: bookIds[0] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted successfully' });
    const left = await db()
      .select({ bookId: reporterBooks.bookId })
      .from(reporterBooks)
      .where(eq(reporterBooks.reporterId, reporterId))
      .orderBy(asc(reporterBooks.position));
    expect(left.map((row) => row.bookId)).toEqual([bookIds[2], bookIds[1], bookIds[3]]);
    expect((await booklist('en')).find((group) => group.id === genreIds.thriller)!.books.map((book) => book.id)).toEqual([bookIds[2]]);
    const again = await api.call('DELETE', 'reporters/delete-book', { reporterId, bookId: bookIds[0] });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(REPORTER_BOOK_MESSAGES.notListed);
    expect((await api.call('DELETE', 'reporters/delete-book', { reporterId: 999999, bookId: bookIds[1] })).statusCode).toBe(404);
    const invalid = await api.call('DELETE', 'reporters/delete-book', { reporterId });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ bookId: ['The book id field is required.'] });
    // The book itself stays.
    expect(await db().select({ id: books.id }).from(books).where(eq(books.id, bookIds[0]!))).toHaveLength(1);
  });

  it('shows the same links from the sheet: its reporterList', async () => {
    const sheet = (await api.call('GET', `books/${bookIds[2]}`)).json().data;
    expect(sheet.reporterList).toContainEqual({ id: reporterId, title: 'Booklist' });
    const links = await db()
      .select()
      .from(reporterBooks)
      .where(and(eq(reporterBooks.reporterId, reporterId), eq(reporterBooks.bookId, bookIds[0]!)));
    expect(links).toEqual([]);
  });
});

describe('The sheet side: reporterList on POST admin/books/{id}', () => {
  const saveSheet = (id: number | undefined, sheet: Record<string, unknown>) => api.call('POST', id === undefined ? 'books' : `books/${id}`, sheet);
  const booklistIds = async (reporterId: number) =>
    (
      await db()
        .select({ bookId: reporterBooks.bookId })
        .from(reporterBooks)
        .where(eq(reporterBooks.reporterId, reporterId))
        .orderBy(asc(reporterBooks.position))
    ).map((row) => row.bookId);

  it('adds the sheet to reporters (at the end of their booklists), keeps the links a save leaves out, removes those taken off', async () => {
    const first = (await api.save<Reporter>('reporters', body({ title: 'Sheet side one' }))).id;
    const second = (await api.save<Reporter>('reporters', body({ title: 'Sheet side two' }))).id;
    const [already] = await db().insert(books).values({ originalTitle: 'Already listed' }).returning({ id: books.id });
    await db().insert(reporterBooks).values({ reporterId: first, bookId: already!.id, position: 0 });

    const created = await saveSheet(undefined, { original_title: 'From the sheet', reporterList: [{ id: first }, { id: second, title: 'ignored' }] });
    expect(created.statusCode, created.body).toBe(200);
    const sheet = created.json().data as { id: number; version: number; reporterList: unknown };
    // Latest expected publication first (same date here: newest first).
    expect(sheet.reporterList).toEqual([
      { id: second, title: 'Sheet side two' },
      { id: first, title: 'Sheet side one' },
    ]);
    expect(await booklistIds(first)).toEqual([already!.id, sheet.id]);
    expect(await booklistIds(second)).toEqual([sheet.id]);
    const groups = (await api.call('GET', `reporters/${first}/books`)).json().data as ReporterBookGroup[];
    expect(groups.flatMap((group) => group.books.map((book) => book.id))).toContain(sheet.id);

    // A save that does not send reporterList leaves the links as they are.
    const untouched = await saveSheet(sheet.id, { original_title: 'From the sheet, renamed', version: sheet.version });
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(untouched.json().data.reporterList).toHaveLength(2);

    const removed = await saveSheet(sheet.id, { original_title: 'From the sheet', version: sheet.version + 1, reporterList: [{ id: second }] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await booklistIds(first)).toEqual([already!.id]);
    expect(await booklistIds(second)).toEqual([sheet.id]);

    // The booklist's delete-book shows on the sheet.
    expect((await api.call('DELETE', 'reporters/delete-book', { reporterId: second, bookId: sheet.id })).statusCode).toBe(200);
    expect((await api.call('GET', `books/${sheet.id}`)).json().data.reporterList).toEqual([]);
  });

  it('refuses an unknown reporter and a reporter listed twice, on the item', async () => {
    const reporter = (await api.save<Reporter>('reporters', body({ title: 'Twice' }))).id;
    const response = await saveSheet(undefined, { original_title: 'Refused', reporterList: [{ id: reporter }, { id: reporter }, { id: 999999 }] });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toMatchObject({ 'reporterList.1.id': ['This reporter already lists the sheet.'] });
    const unknown = await saveSheet(undefined, { original_title: 'Refused', reporterList: [{ id: 999999 }] });
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json().errors).toEqual({ 'reporterList.0.id': ['The selected reporter does not exist.'] });
    expect(await booklistIds(reporter)).toEqual([]);
  });
});
