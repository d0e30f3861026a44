import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NamedTable } from '../../server/db/repositories/engine/namedListRepository.js';
import { genres, periods, thematics, times } from '../../server/db/schema/index.js';
import { RESOURCE_MESSAGES } from '../../server/engine/resourceService.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(async () => t.close());

type Body = Record<string, unknown>;
/** An admin call; any payload (object, array, string) is sent as JSON. */
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.as(cookie, {
    method,
    url: `/api/admin/${url}`,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });
const rowCount = async (table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

interface Case {
  api: string;
  label: string;
  table: NamedTable;
  /** Extra fields a valid body needs besides names. */
  base: Body;
  /** Extra fields the API sends for a record created from `base`. */
  sent: Body;
  tree: boolean;
}

const CASES: Case[] = [
  { api: 'genres', label: 'Genre', table: genres, base: { color: '#A1B2C3' }, sent: { color: '#a1b2c3', parent_id: null, parent_name: null }, tree: true },
  { api: 'times', label: 'Time', table: times, base: {}, sent: {}, tree: false },
  { api: 'periods', label: 'Period', table: periods, base: {}, sent: {}, tree: false },
  {
    api: 'thematics',
    label: 'Thematic',
    table: thematics,
    base: { ai_descriptions: { en: 'Use when…\nsecond line', fr: 'À retenir quand…' } },
    sent: { ai_descriptions: { en: 'Use when…\nsecond line', fr: 'À retenir quand…' }, parent_id: null, parent_name: null },
    tree: true,
  },
];

describe.each(CASES)('$api', ({ api, label, table, base, sent, tree }) => {
  const body = (names: Body, extra: Body = {}) => ({ ...base, names, ...extra });
  const create = async (names: Body, extra: Body = {}) => {
    const response = await call('POST', api, body(names, extra));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Body & { id: number };
  };

  it('creates records, answering the message and the record as the API shows it', async () => {
    const response = await call('POST', api, body({ en: '  Harbour tales ', fr: 'Récits portuaires', de: '', it: 'Racconti' }));
    expect(response.statusCode).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(RESOURCE_MESSAGES.created);
    expect(data).toEqual({ id: expect.any(Number), name: 'Harbour tales', names: { en: 'Harbour tales', fr: 'Récits portuaires', it: 'Racconti' }, ...sent });
    expect((await call('GET', `${api}/${data.id}`)).json()).toEqual({ data });
    const [stored] = await t.database.db.select().from(table).where(eq(table.id, data.id));
    // What the save wrote for the search: every filled locale of the names, in locale order, without case or accents.
    expect(stored!.searchText).toBe('harbour tales recits portuaires racconti');
    for (let i = 1; i <= 4; i++) await create({ en: `Paging filler ${i}` });
    // SPEC §7: the empty id of `POST admin/{resource}/` creates.
    const emptyId = await call('POST', `${api}/`, body({ en: 'Created by the empty id' }));
    expect(emptyId.statusCode, emptyId.body).toBe(200);
    expect(emptyId.json().data).toMatchObject({ id: expect.any(Number), name: 'Created by the empty id' });
  });

  it('pages with the meta envelope and bounds perPage', async () => {
    const total = await rowCount(table);
    expect(total).toBeGreaterThan(10);
    const first = (await call('GET', api)).json();
    expect(first.data).toHaveLength(10);
    expect(first.meta).toEqual({ total, current_page: 1, per_page: 10, last_page: Math.ceil(total / 10) });
    const last = (await call('GET', `${api}?page=${first.meta.last_page}&perPage=10`)).json();
    expect(last.data).toHaveLength(total - (first.meta.last_page - 1) * 10);
    expect(last.meta.current_page).toBe(first.meta.last_page);
    const ids = first.data.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await call('GET', `${api}?perPage=1000`)).json().data).toHaveLength(total);
    expect((await call('GET', `${api}?page=999`)).json().data).toEqual([]);
    for (const query of ['perPage=0', 'perPage=1001', 'page=0', 'page=abc', 'perPage=2.5']) {
      const response = await call('GET', `${api}?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toEqual([query.split('=')[0]]);
    }
  });

  it('searches every locale, ignoring case and accents both ways', async () => {
    for (const term of ['RECITS PORTUAIRES', 'récits', 'raccONTI']) {
      const found = (await call('GET', `${api}?name=${encodeURIComponent(term)}`)).json();
      expect(found.meta.total, term).toBe(1);
      expect(found.data[0].names.fr).toBe('Récits portuaires');
    }
    await create({ en: 'Plain one', es: 'Pequeno' });
    expect((await call('GET', `${api}?name=${encodeURIComponent('PEQUEÑO')}`)).json().meta.total).toBe(1);
    const wildcard = await call('GET', `${api}?name=${encodeURIComponent('%_\\')}`);
    expect(wildcard.statusCode).toBe(200);
    expect(wildcard.json().meta.total).toBe(0);
  });

  it('updates a record and keeps its search text in step', async () => {
    const record = await create({ en: 'Before the update', de: 'Vorher' });
    const response = await call('POST', `${api}/${record.id}`, body({ en: 'After the update', de: 'Nachher Übung' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(RESOURCE_MESSAGES.updated);
    expect(response.json().data).toMatchObject({ id: record.id, name: 'After the update', names: { en: 'After the update', de: 'Nachher Übung' } });
    expect((await call('GET', `${api}?name=vorher`)).json().meta.total).toBe(0);
    expect((await call('GET', `${api}?name=UBUNG`)).json().data.map((row: Body) => row.id)).toEqual([record.id]);
  });

  it('deletes a record, then answers 404 for it', async () => {
    const record = await create({ en: 'To be deleted' });
    const response = await call('DELETE', `${api}/${record.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESOURCE_MESSAGES.deleted });
    expect((await call('GET', `${api}/${record.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${api}/${record.id}`)).statusCode).toBe(404);
  });

  it('answers 404 with a message for unknown or malformed ids, and writes nothing', async () => {
    const before = await rowCount(table);
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999', '2147483648']) {
      for (const [method, payload] of [['GET'], ['POST', body({ en: 'Never stored' })], ['DELETE']] as const) {
        const response = await call(method, `${api}/${id}`, payload);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ message: `${label} not found` });
      }
    }
    expect(await rowCount(table)).toBe(before);
  });

  it('answers 422 with dotted keys, never 500, and writes nothing', async () => {
    const before = await rowCount(table);
    const existing = await create({ en: 'Stays as it is' });
    const invalid: [unknown, string[]][] = [
      [body({ fr: 'Sans anglais' }), ['names.en']],
      [body({ en: '   ' }), ['names.en']],
      [body({ en: 'x'.repeat(256) }), ['names.en']],
      [body({ en: 'Ok', xx: 'Unknown locale' }), ['names']],
      [{ ...base }, ['names']],
      [body('not an object' as never), ['names']],
      [body({ en: 42 }), ['names.en']],
      [[], ['_']],
      ['a string', ['_']],
    ];
    if (api === 'genres') {
      invalid.push([body({ en: 'Bad colour' }, { color: 'red' }), ['color']], [body({ en: 'No colour' }, { color: undefined }), ['color']]);
    }
    if (tree) invalid.push([body({ en: 'Bad parent' }, { parent_id: 'abc' }), ['parent_id']], [body({ en: 'Zero parent' }, { parent_id: 0 }), ['parent_id']]);
    for (const [payload, keys] of invalid) {
      for (const url of [api, `${api}/${existing.id}`]) {
        const response = await call('POST', url, payload);
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(422);
        const { message, errors } = response.json();
        expect(Object.keys(errors)).toEqual(keys);
        expect(message).toBe(errors[keys[0]!][0]);
      }
    }
    const malformed = await t.as(cookie, { method: 'POST', url: `/api/admin/${api}`, headers: { 'content-type': 'application/json' }, payload: '{"names":' });
    expect(malformed.statusCode).toBe(400);
    expect(await rowCount(table)).toBe(before + 1);
    expect((await call('GET', `${api}/${existing.id}`)).json().data.name).toBe('Stays as it is');
  });

  if (tree)
    it('requires an existing parent and refuses cycles on parent_id', async () => {
      const root = await create({ en: 'Tree root' });
      const child = await create({ en: 'Tree child' }, { parent_id: root.id });
      const grandchild = await create({ en: 'Tree grandchild' }, { parent_id: child.id });
      expect(grandchild.parent_id).toBe(child.id);
      // The parent by its name, in the list and the record too; none at the top.
      expect(grandchild.parent_name).toBe('Tree child');
      expect((await call('GET', `${api}/${child.id}`)).json().data.parent_name).toBe('Tree root');
      expect(
        ((await call('GET', `${api}?name=Tree&perPage=100`)).json().data as { name: string; parent_name: string | null }[]).map((row) => [
          row.name,
          row.parent_name,
        ]),
      ).toEqual(
        expect.arrayContaining([
          ['Tree root', null],
          ['Tree child', 'Tree root'],
        ]),
      );
      const before = await rowCount(table);
      const unknown = await call('POST', api, body({ en: 'Orphan' }, { parent_id: 999999 }));
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ parent_id: ['The selected parent id is invalid.'] });
      expect((await call('POST', api, body({ en: 'Huge parent' }, { parent_id: 99999999999 }))).json().errors).toHaveProperty('parent_id');
      for (const parent of [root.id, child.id, grandchild.id]) {
        const cyclic = await call('POST', `${api}/${root.id}`, body({ en: 'Tree root' }, { parent_id: parent }));
        expect(cyclic.statusCode, `parent ${parent}`).toBe(422);
        expect(Object.keys(cyclic.json().errors)).toEqual(['parent_id']);
      }
      expect(await rowCount(table)).toBe(before);
      expect((await call('GET', `${api}/${root.id}`)).json().data.parent_id).toBeNull();
      const moved = await call('POST', `${api}/${grandchild.id}`, body({ en: 'Tree grandchild' }, { parent_id: root.id }));
      expect(moved.json().data.parent_id).toBe(root.id);
      const detached = await call('POST', `${api}/${grandchild.id}`, body({ en: 'Tree grandchild' }, { parent_id: null }));
      expect(detached.json().data.parent_id).toBeNull();
    });
});

describe('request limits', () => {
  it('answers 413 to a body over 2 MB and 401 without a session, writing nothing', async () => {
    const before = await rowCount(genres);
    const huge = await call('POST', 'genres', { names: { en: 'x'.repeat(3 * 1024 * 1024) }, color: '#0091ea' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/too large/i);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/genres', payload: { names: { en: 'Anonymous' }, color: '#0091ea' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowCount(genres)).toBe(before);
  });
});

describe('unique names', () => {
  it('refuses a time whose French name another time has (any case), on names.fr, and accepts the same record re-saved', async () => {
    const first = (await call('POST', 'times', { names: { en: 'Belle Époque era', fr: 'La Belle Époque' } })).json().data;
    const clash = await call('POST', 'times', { names: { en: 'Another era', fr: 'la belle époque' } });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ 'names.fr': ['A time with this name already exists.'] });
    const resave = await call('POST', `times/${first.id}`, { names: { en: 'Belle Époque era', fr: 'La Belle Époque' } });
    expect(resave.statusCode).toBe(200);
  });

  it('lets genres share a name under different parents, not under the same one', async () => {
    const parentA = (await call('POST', 'genres', { names: { en: 'Parent A unique' }, color: '#111111' })).json().data;
    const parentB = (await call('POST', 'genres', { names: { en: 'Parent B unique' }, color: '#111111' })).json().data;
    const child = { names: { en: 'Shared child name' }, color: '#222222' };
    expect((await call('POST', 'genres', { ...child, parent_id: parentA.id })).statusCode).toBe(200);
    expect((await call('POST', 'genres', { ...child, parent_id: parentB.id })).statusCode).toBe(200);
    const sibling = await call('POST', 'genres', { ...child, parent_id: parentA.id });
    expect(sibling.statusCode).toBe(422);
    expect(sibling.json().errors).toEqual({ 'names.en': ['A genre with this name already exists at this level.'] });
  });
});
