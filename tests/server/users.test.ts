import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audiences,
  authors,
  bookAuthors,
  books,
  countries,
  creditMovements,
  genres,
  libraries,
  libraryBooks,
  savedSearches,
  subscriptions,
  users,
} from '../../server/db/schema/index.js';
import { SUBSCRIPTION_MESSAGES } from '../../server/subscribers/subscriptionService.js';
import { adminApi, expectPaging } from '../helpers/adminApi.js';
import { day, insertSubscription, insertUser, planId, RecordingCardPayments } from '../helpers/subscribers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * The users resource (SPEC §2 'Users', §3 'User', §7): the list (paging, search by name, e-mail or
 * company, validation, subscription state and plan filters), the record with its subscription and
 * state, the save that never writes the VAT number, the delete, validation, libraries, saved
 * searches and the pickers' option lists.
 */
let t: TestApp;
let cookie: string;
const provider = new RecordingCardPayments();
beforeAll(async () => {
  t = await createTestApp({}, { cardPayments: provider });
  cookie = await t.login();
});
afterAll(async () => t.close());

// `t` is built in beforeAll: the calls reach it through this late-bound shim.
const api = adminApi({ as: (c, o) => t.as(c, o) } as TestApp, () => cookie);
const db = () => t.database.db;
type Row = Record<string, unknown> & { id: number };

describe('GET admin/users', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {
      none: await insertUser(db(), { firstname: 'Hélène', lastname: 'Dupré', company: 'Studio Nord', isAccepted: true }),
      unvalidated: await insertUser(db(), { firstname: 'Marco', lastname: 'Rossi', email: 'marco@rossi-films.test', isAccepted: false }),
      active: await insertUser(db(), {
        firstname: 'Ann',
        lastname: 'Active',
        isAccepted: true,
        numberConnections: 4,
        lastConnectionDate: new Date('2026-05-01T10:00:00Z'),
      }),
      tied: await insertUser(db(), { firstname: 'Tom', lastname: 'Tied', isAccepted: true }),
      canceled: await insertUser(db(), { firstname: 'Cara', lastname: 'Canceled', isAccepted: true }),
      ended: await insertUser(db(), { firstname: 'Eddy', lastname: 'Ended', isAccepted: false }),
      renewed: await insertUser(db(), { firstname: 'Rita', lastname: 'Renewed', isAccepted: true }),
    };
    await insertSubscription(db(), ids.active!, 'active', { role: 'premium' });
    await insertSubscription(db(), ids.tied!, 'active', { role: 'vip', provider: 'sub_users_tied' });
    await insertSubscription(db(), ids.canceled!, 'canceled');
    await insertSubscription(db(), ids.ended!, 'ended', { role: 'premium' });
    // An ended subscription, then a newer active one: the latest by start date is the current one.
    await insertSubscription(db(), ids.renewed!, 'ended', { role: 'vip' });
    await insertSubscription(db(), ids.renewed!, 'active', { role: 'essential', start: day(-1) });
    for (let index = 0; index < 8; index += 1) await insertUser(db(), { firstname: `Filler${index}`, lastname: 'Person' });
  });

  const idsOf = (rows: Row[]) => rows.map((row) => row.id);
  const listIds = async (query: string) => idsOf((await api.list('users', `perPage=1000&${query}`)).data as Row[]);

  it('pages the users by id, rows carrying the list columns and the subscription state', async () => {
    const total = (await api.list('users')).meta.total;
    await expectPaging(api, 'users', total);
    const [row] = (await api.list('users', `perPage=100`)).data.filter((item) => item.id === ids.active);
    expect(row).toEqual({
      id: ids.active,
      name: null,
      fullname: 'Ann Active',
      email: expect.stringContaining('@subscribers.test'),
      company: 'Films',
      is_accepted: true,
      credits: 0,
      subscription_role: 'premium',
      subscription_state: 'active',
      number_connections: 4,
      last_connection_date: '2026-05-01T10:00:00.000Z',
    });
  });

  it('searches by name, e-mail or company, ignoring case and accents, every word', async () => {
    expect(await listIds('name=helene')).toEqual([ids.none]);
    expect(await listIds('name=DUPRE helene')).toEqual([ids.none]);
    expect(await listIds('name=rossi-films')).toEqual([ids.unvalidated]);
    expect(await listIds('name=studio nord')).toEqual([ids.none]);
    expect(await listIds('name=nobody-at-all')).toEqual([]);
  });

  it('filters by validation state', async () => {
    const unvalidated = await listIds('is_accepted=0');
    expect(unvalidated).toEqual(expect.arrayContaining([ids.unvalidated, ids.ended]));
    expect(unvalidated).not.toContain(ids.active);
    const validated = await listIds('is_accepted=1');
    expect(validated).toContain(ids.active);
    expect(validated).not.toContain(ids.unvalidated);
  });

  it('filters by subscription state (none, active, canceled, ended), one or several', async () => {
    const none = await listIds('subscription_state=none');
    expect(none).toEqual(expect.arrayContaining([ids.none, ids.unvalidated]));
    expect(none).not.toContain(ids.active);
    expect(await listIds('subscription_state=active')).toEqual([ids.active, ids.tied, ids.renewed]);
    expect(await listIds('subscription_state=canceled')).toEqual([ids.canceled]);
    expect(await listIds('subscription_state=ended')).toEqual([ids.ended]);
    expect(await listIds('subscription_state[]=canceled&subscription_state[]=ended')).toEqual([ids.canceled, ids.ended]);
    expect(await listIds('subscription_state=active&is_accepted=1&name=tied')).toEqual([ids.tied]);
  });

  it('states the rows show and the filter select are worked out alike', async () => {
    const all = (await api.list('users', 'perPage=1000')).data as Row[];
    for (const state of ['none', 'active', 'canceled', 'ended']) {
      expect(await listIds(`subscription_state=${state}`), state).toEqual(idsOf(all.filter((row) => row.subscription_state === state)));
    }
  });

  it("filters by the current subscription's plan", async () => {
    const vip = await planId(db(), 'vip');
    const premium = await planId(db(), 'premium');
    expect(await listIds(`plan_id=${vip}`)).toEqual([ids.tied]);
    expect(await listIds(`plan_id[]=${vip}&plan_id[]=${premium}`)).toEqual([ids.active, ids.tied, ids.ended]);
    expect(await listIds(`plan_id=${premium}&subscription_state=active`)).toEqual([ids.active]);
  });

  it('answers 422 on a value a filter does not take, and on an undeclared parameter', async () => {
    for (const query of ['subscription_state=expired', 'is_accepted=2', 'is_accepted=yes', 'plan_id=abc', 'plan_id=0', 'role=vip']) {
      const response = await api.call('GET', `users?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toEqual([query.split('=')[0]]);
    }
  });
});

describe('GET admin/users/{id}', () => {
  it('answers the record with its current subscription, its state and its history', async () => {
    const id = await insertUser(db(), { vatNumber: 'FR12345678901', phone: '+33 1', job: 'Producer' });
    await insertSubscription(db(), id, 'canceled', { role: 'vip', start: day(-300) });
    await insertSubscription(db(), id, 'active', { role: 'premium', provider: 'sub_record_1', start: day(-5) });
    const { data } = (await api.call('GET', `users/${id}`)).json();
    expect(data).toMatchObject({
      id,
      vat_number: 'FR12345678901',
      phone: '+33 1',
      job: 'Producer',
      subscription_state: 'active',
      subscription_role: 'premium',
    });
    expect(data.subscription).toEqual({
      id: expect.any(Number),
      plan_id: await planId(db(), 'premium'),
      role: 'premium',
      amount: 24900,
      paid: true,
      commitment: 0,
      start_date: day(-5),
      subscription_end_at: `${day(335)}T00:00:00.000Z`,
      canceled_at: null,
      provider_subscription_id: 'sub_record_1',
      state: 'active',
    });
    expect(data.plans.map((plan: Row) => [plan.role, plan.state])).toEqual([
      ['premium', 'active'],
      ['vip', 'canceled'],
    ]);
    expect(data.libraries).toEqual([]);
    expect(data.searches).toEqual([]);
  });

  it('answers subscription null and state none without a subscription; 404 for an unknown user', async () => {
    const id = await insertUser(db());
    const { data } = (await api.call('GET', `users/${id}`)).json();
    expect(data.subscription).toBeNull();
    expect(data.subscription_state).toBe('none');
    expect(data.plans).toEqual([]);
    for (const bad of ['999999', 'abc', '0']) expect((await api.call('GET', `users/${bad}`)).json()).toEqual({ message: 'User not found' });
  });
});

describe('POST admin/users/{id}', () => {
  const body = {
    firstname: 'Ann',
    lastname: 'Lee',
    email: 'ann.lee@example.test',
    name: 'Annie',
    phone: '+33 6',
    job: 'Agent',
    company: 'Leeward Pictures',
    city: 'Lyon',
  };

  it('saves the contact details, and never the VAT number, validation, credits or connections', async () => {
    const id = await insertUser(db(), { vatNumber: 'FR99', isAccepted: false, credits: 3, numberConnections: 2 });
    const response = await api.call('POST', `users/${id}`, { ...body, vat_number: 'CHANGED', is_accepted: true, credits: 99, number_connections: 50 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Updated successfully',
      data: { ...body, vat_number: 'FR99', is_accepted: false, credits: 3, number_connections: 2 },
    });
    expect(await api.list('users', 'name=leeward pictures')).toMatchObject({ data: [{ id }] });
  });

  it('refuses an e-mail another user has (any case), and invalid fields, per field', async () => {
    const other = await insertUser(db(), { email: 'Taken@Example.test' });
    const id = await insertUser(db());
    expect(await api.invalid('users', { ...body, email: 'taken@example.TEST' }, id)).toEqual({ email: ['The email has already been taken.'] });
    expect(await api.invalid('users', { firstname: '', lastname: 'X', email: 'nope', country_id: 999999 }, id)).toEqual({
      firstname: ['The first name field is required.'],
      email: ['The e-mail must be a valid email address.'],
    });
    expect(await api.invalid('users', { ...body, email: 'ann.lee.country@example.test', country_id: 999999 }, id)).toEqual({
      country_id: ['The selected country id is invalid.'],
    });
    // An unknown id and a rule's refusal, reported together.
    expect(await api.invalid('users', { ...body, email: 'taken@example.TEST', country_id: 999999 }, id)).toEqual({
      country_id: ['The selected country id is invalid.'],
      email: ['The email has already been taken.'],
    });
    expect(await api.invalid('users', { ...body, nickname: 'A' }, id)).toEqual({
      nickname: ['The nickname field is not accepted: User records have no such field.'],
    });
    expect((await api.call('POST', `users/${other}`, { ...body, email: 'taken@example.test' })).statusCode).toBe(200);
  });

  it('has no create: users sign up on the front site', async () => {
    expect((await api.call('POST', 'users', body)).statusCode).toBe(404);
    expect((await api.call('POST', 'users/999999', body)).json()).toEqual({ message: 'User not found' });
  });
});

describe('DELETE admin/users/{id}', () => {
  it('deletes a user with everything that belongs to them', async () => {
    const id = await insertUser(db());
    await insertSubscription(db(), id, 'canceled', { provider: 'sub_gone' });
    expect((await api.call('DELETE', `users/${id}`)).json()).toEqual({ message: 'Deleted successfully' });
    expect((await api.call('GET', `users/${id}`)).statusCode).toBe(404);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, id))).toEqual([]);
    expect((await api.call('DELETE', `users/${id}`)).statusCode).toBe(404);
  });

  it('cancels an active tied subscription at the provider first; a refusal keeps the user', async () => {
    const id = await insertUser(db());
    await insertSubscription(db(), id, 'active', { provider: 'sub_delete_me' });
    provider.failure = { refuse: 'The provider is down' };
    const refused = await api.call('DELETE', `users/${id}`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(SUBSCRIPTION_MESSAGES.providerRefused('The provider is down'));
    expect((await api.call('GET', `users/${id}`)).statusCode).toBe(200);
    provider.failure = undefined;
    provider.calls.length = 0;
    expect((await api.call('DELETE', `users/${id}`)).statusCode).toBe(200);
    expect(provider.calls).toEqual(['sub_delete_me']);
  });
});

describe('POST admin/users/validate/{id}', () => {
  it('validates and invalidates, with the notices of SPEC §4', async () => {
    const id = await insertUser(db(), { isAccepted: false });
    const validated = await api.call('POST', `users/validate/${id}`, { is_accepted: true });
    expect(validated.json()).toMatchObject({ message: 'User validation succeed', data: { id, is_accepted: true } });
    const invalidated = await api.call('POST', `users/validate/${id}`, { is_accepted: 0 });
    expect(invalidated.json()).toMatchObject({ message: 'User invalidation succeed', data: { is_accepted: false } });
  });

  it('answers 422 without a yes or no, 404 for an unknown user', async () => {
    const id = await insertUser(db());
    for (const payload of [{}, { is_accepted: 'yes' }, { is_accepted: 2 }]) {
      const response = await api.call('POST', `users/validate/${id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['is_accepted']);
    }
    expect((await api.call('POST', 'users/validate/999999', { is_accepted: true })).statusCode).toBe(404);
  });
});

describe("a user's libraries and saved searches", () => {
  let userId: number;
  let bookIds: number[];
  let authorIds: number[];
  beforeAll(async () => {
    userId = await insertUser(db());
    authorIds = (
      await db()
        .insert(authors)
        .values([{ name: 'Elena Ferrante' }, { name: 'Domenico Starnone' }])
        .returning({ id: authors.id })
    ).map((row) => row.id);
    bookIds = (
      await db()
        .insert(books)
        .values([{ originalTitle: "L'amica geniale" }, { originalTitle: 'Lacci' }, { originalTitle: 'Scherzetto' }])
        .returning({ id: books.id })
    ).map((row) => row.id);
    await db()
      .insert(bookAuthors)
      .values([
        { bookId: bookIds[0]!, authorId: authorIds[0]!, position: 0 },
        { bookId: bookIds[1]!, authorId: authorIds[1]!, position: 0 },
        { bookId: bookIds[1]!, authorId: authorIds[0]!, position: 1 },
      ]);
    const made = await db()
      .insert(libraries)
      .values([
        { userId, name: 'Favourites' },
        { userId, name: 'To read' },
        { userId, name: 'Empty' },
      ])
      .returning({ id: libraries.id });
    await db()
      .insert(libraryBooks)
      .values([
        { libraryId: made[0]!.id, bookId: bookIds[0]!, addedAt: new Date('2026-01-01T00:00:00Z') },
        { libraryId: made[0]!.id, bookId: bookIds[1]!, addedAt: new Date('2026-01-02T00:00:00Z') },
        { libraryId: made[1]!.id, bookId: bookIds[2]! },
      ]);
  });

  it('pages the libraries, each with its books: id, original title and authors', async () => {
    const first = await api.list(`users/libraries/${userId}`, 'perPage=2');
    expect(first.meta).toEqual({ total: 3, current_page: 1, per_page: 2, last_page: 2 });
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      name: 'Favourites',
      books: [
        { id: bookIds[0], original_title: "L'amica geniale", authorList: [{ id: authorIds[0], name: 'Elena Ferrante' }] },
        {
          id: bookIds[1],
          original_title: 'Lacci',
          authorList: [
            { id: authorIds[1], name: 'Domenico Starnone' },
            { id: authorIds[0], name: 'Elena Ferrante' },
          ],
        },
      ],
    });
    expect(first.data[1]).toMatchObject({ name: 'To read', books: [{ id: bookIds[2], authorList: [] }] });
    expect((await api.list(`users/libraries/${userId}`, 'page=2&perPage=2')).data).toEqual([{ id: expect.any(Number), name: 'Empty', books: [] }]);
    const record = (await api.call('GET', `users/${userId}`)).json().data;
    expect(record.libraries.map((library: Row) => [library.name, library.books_count])).toEqual([
      ['Favourites', 2],
      ['To read', 1],
      ['Empty', 0],
    ]);
    expect((await api.call('GET', 'users/libraries/999999')).json()).toEqual({ message: 'User not found' });
    expect((await api.call('GET', `users/libraries/${userId}?lang=fr`)).statusCode).toBe(422);
  });

  it('writes the saved filters as text per category in the requested locale, ratings with name and rate', async () => {
    const [genre] = await db().select({ id: genres.id, names: genres.names }).from(genres).limit(1);
    const [audience] = await db().select({ id: audiences.id, names: audiences.names }).from(audiences).limit(1);
    const [france] = await db().select({ id: countries.id, names: countries.names }).from(countries).where(eq(countries.code, 'FR'));
    await db()
      .insert(savedSearches)
      .values({
        userId,
        title: 'Italian novels',
        textSearch: 'naples',
        savedFilters: { author: [authorIds[0]!, 999_999], genre: [genre!.id], place: [france!.id], audience: [audience!.id] },
        filterTexts: { author: ['Elena Ferrante', 'A deleted author'] },
        ratingsFilter: { plot: 3, quality: 2 },
      });
    const english = (await api.call('GET', `users/searches/${userId}`)).json().data;
    expect(english).toEqual([
      {
        id: expect.any(Number),
        title: 'Italian novels',
        text_search: 'naples',
        created_at: expect.any(String),
        saved_filters: { author: [authorIds[0], 999_999], genre: [genre!.id], place: [france!.id], audience: [audience!.id] },
        filter_texts: { author: 'Elena Ferrante, A deleted author', genre: genre!.names.en, place: france!.names.en, audience: audience!.names.en },
        ratingsFilter: [
          { id: 'quality', name: 'Literary quality', rate: 2 },
          { id: 'plot', name: 'Plot', rate: 3 },
        ],
      },
    ]);
    const french = (await api.call('GET', `users/searches/${userId}?lang=fr`)).json().data;
    expect(french[0].filter_texts.place).toBe(france!.names.fr);
    expect(Object.keys(french[0].filter_texts)).toEqual(['author', 'genre', 'place', 'audience']);
    const record = (await api.call('GET', `users/${userId}`)).json().data;
    expect(record.searches).toEqual([{ id: english[0].id, title: 'Italian novels', created_at: expect.any(String) }]);
    expect((await api.call('GET', `users/searches/${userId}?lang=pt`)).statusCode).toBe(422);
    expect((await api.call('GET', 'users/searches/999999')).statusCode).toBe(404);
  });
});

describe('user pickers', () => {
  it('GET admin/users/user-options-list: searched, the chosen ids first, paged', async () => {
    const chosen = await insertUser(db(), { firstname: 'Zoe', lastname: 'Chosen' });
    const found = await insertUser(db(), { firstname: 'Quentin', lastname: 'Pickable', name: 'Q.' });
    const searched = await api.list('users/user-options-list', 'search=pickable');
    expect(searched.data).toEqual([{ id: found, name: 'Q.', fullname: 'Quentin Pickable', email: expect.any(String) }]);
    const withChosen = await api.list('users/user-options-list', `search=pickable&ids[]=${chosen}`);
    expect(withChosen.data.map((row) => row.id)).toEqual([chosen, found]);
    expect(withChosen.data[0]).toMatchObject({ name: 'Zoe Chosen', fullname: 'Zoe Chosen' });
    const first = await api.list('users/user-options-list', `ids=${found}&perPage=3`);
    expect(first.data[0]!.id).toBe(found);
    expect(first.data).toHaveLength(3);
    expect((await api.call('GET', 'users/user-options-list?nickname=a')).statusCode).toBe(422);
  });

  it('GET admin/users/user-role-options-list: essential, premium, vip', async () => {
    const roles = (await api.call('GET', 'users/user-role-options-list')).json().data;
    expect(roles.map((row: Row) => row.name)).toEqual(['essential', 'premium', 'vip']);
    expect(Object.keys(roles[0]).sort()).toEqual(['id', 'name']);
    const vip = roles[2].id;
    expect((await api.call('GET', `users/user-role-options-list?search=PREM&ids[]=${vip}`)).json().data.map((row: Row) => row.name)).toEqual([
      'vip',
      'premium',
    ]);
    // Paged like the other option lists, so a picker may ask a page of them.
    const page = await api.list('users/user-role-options-list', 'perPage=2&page=2');
    expect(page.data.map((row) => row.name)).toEqual(['vip']);
    expect(page.meta).toMatchObject({ total: 3, current_page: 2, per_page: 2 });
    expect((await api.call('GET', 'users/user-role-options-list?role=vip')).statusCode).toBe(422);
  });
});

describe('the current subscription', () => {
  it('follows inserts, start-date changes and deletes of subscriptions (triggers)', async () => {
    const id = await insertUser(db());
    const older = await insertSubscription(db(), id, 'canceled', { start: day(-100) });
    const newer = await insertSubscription(db(), id, 'active', { start: day(-10) });
    const current = async () => (await db().select({ id: users.currentSubscriptionId }).from(users).where(eq(users.id, id)))[0]!.id;
    expect(await current()).toBe(newer);
    // The copies the list filters on follow the current subscription's plan, end and cancel dates.
    const copies = async () =>
      (
        await db()
          .select({ plan: users.currentPlanId, end: users.currentSubscriptionEndAt, canceled: users.currentSubscriptionCanceledAt })
          .from(users)
          .where(eq(users.id, id))
      )[0]!;
    const canceledAt = new Date('2026-03-04T05:06:07Z');
    await db()
      .update(subscriptions)
      .set({ canceledAt, planId: await planId(db(), 'vip') })
      .where(eq(subscriptions.id, newer));
    expect(await copies()).toEqual({ plan: await planId(db(), 'vip'), end: new Date(`${day(335)}T00:00:00Z`), canceled: canceledAt });
    await db()
      .update(subscriptions)
      .set({ startDate: day(-200) })
      .where(eq(subscriptions.id, newer));
    expect(await current()).toBe(older);
    await db().delete(subscriptions).where(eq(subscriptions.id, older));
    expect(await current()).toBe(newer);
    await db().delete(subscriptions).where(eq(subscriptions.id, newer));
    expect(await current()).toBeNull();
    expect(await copies()).toEqual({ plan: null, end: null, canceled: null });
    expect(await db().select().from(creditMovements).where(eq(creditMovements.userId, id))).toEqual([]);
  });
});
