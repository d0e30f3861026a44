import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, companies, contacts, countries } from '../../server/db/schema/index.js';
import { RESOURCE_MESSAGES } from '../../server/engine/resourceService.js';
import { adminApi, expectNotFound, expectPaging } from '../helpers/adminApi.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let cookie: string;
let api: ReturnType<typeof adminApi>;
let france: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  api = adminApi(t, () => cookie);
  const [row] = await t.database.db.select().from(countries).where(eq(countries.code, 'FR'));
  france = { id: row!.id, name: row!.names.en! };
});
afterAll(async () => t.close());

type Company = Record<string, unknown> & { id: number };
const EMPTY = {
  address: null,
  additional_address: null,
  postal_code: null,
  city: null,
  country_id: null,
  country: null,
  phone: null,
  website: null,
  description: null,
};

describe('companies', () => {
  it('creates a company with every field, answering the record with has_address and books_count', async () => {
    const response = await api.call('POST', 'companies', {
      name: '  Éditions du Phare ',
      address: '12 rue des Quais',
      additional_address: 'Bâtiment B',
      postal_code: '29200',
      city: 'Brest',
      country_id: france.id,
      phone: '+33 2 98 00 00 00',
      website: 'https://phare.example/catalogue',
      description: 'Maritime fiction.\nSince 1952.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(RESOURCE_MESSAGES.created);
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'Éditions du Phare',
      address: '12 rue des Quais',
      additional_address: 'Bâtiment B',
      postal_code: '29200',
      city: 'Brest',
      country_id: france.id,
      country: france,
      phone: '+33 2 98 00 00 00',
      website: 'https://phare.example/catalogue',
      description: 'Maritime fiction.\nSince 1952.',
      has_address: true,
      books_count: 0,
    });
    expect((await api.call('GET', `companies/${data.id}`)).json()).toEqual({ data });
    const [stored] = await t.database.db.select().from(companies).where(eq(companies.id, data.id));
    expect(stored!.searchText).toBe('editions du phare');
  });

  it('computes has_address from any address part or the country', async () => {
    const bare = await api.save<Company>('companies', { name: 'Bare company' });
    expect(bare).toEqual({ id: bare.id, name: 'Bare company', ...EMPTY, has_address: false, books_count: 0 });
    for (const [field, value] of [
      ['address', '1 Main street'],
      ['additional_address', 'Floor 2'],
      ['postal_code', '75001'],
      ['city', 'Paris'],
      ['country_id', france.id],
    ] as const) {
      expect((await api.save<Company>('companies', { name: 'Bare company', [field]: value }, bare.id)).has_address, field).toBe(true);
    }
    // Phone, website and description are not an address; blank parts are cleared (a save replaces the record).
    const cleared = await api.save<Company>(
      'companies',
      { name: 'Bare company', address: '   ', phone: '123', website: 'http://x.example', description: 'Text' },
      bare.id,
    );
    expect(cleared).toMatchObject({ address: null, has_address: false, phone: '123' });
    expect((await api.save<Company>('companies', { name: 'Bare company', city: null, country_id: null }, bare.id)).has_address).toBe(false);
  });

  it('pages the list and searches the name ignoring case and accents', async () => {
    for (let i = 1; i <= 9; i++) await api.save('companies', { name: `Filler house ${i}` });
    await expectPaging(api, 'companies', 11);
    for (const term of ['editions', 'ÉDITIONS DU', 'phare', 'PHÂRE']) {
      const found = await api.list('companies', `name=${encodeURIComponent(term)}`);
      expect(
        found.data.map((row) => row.name),
        term,
      ).toEqual(['Éditions du Phare']);
    }
    expect((await api.list('companies', 'name=filler')).meta.total).toBe(9);
    expect((await api.list('companies', 'name=filler&perPage=10&page=1')).data[0]).toMatchObject({ has_address: false, books_count: 0 });
    expect((await api.list('companies', `name=${encodeURIComponent('%_\\')}`)).meta.total).toBe(0);
  });

  it('counts the books naming the company as publisher', async () => {
    const company = await api.save<Company>('companies', { name: 'Busy publisher' });
    await t.database.db.insert(books).values([1, 2, 3].map((n) => ({ originalTitle: `Published ${n}`, companyId: company.id })));
    expect((await api.call('GET', `companies/${company.id}`)).json().data.books_count).toBe(3);
    expect((await api.list('companies', 'name=busy')).data[0]!.books_count).toBe(3);
    expect((await api.list('companies', 'name=bare')).data[0]!.books_count).toBe(0);
  });

  it('answers 422 with the field keys, never 500', async () => {
    const company = await api.save<Company>('companies', { name: 'Stays put' });
    const cases: [unknown, string[]][] = [
      [{}, ['name']],
      [{ name: '   ' }, ['name']],
      [{ name: 'x'.repeat(256) }, ['name']],
      [{ name: 'Bad site', website: 'not a url' }, ['website']],
      [{ name: 'Bad site', website: 'ftp://files.example' }, ['website']],
      [{ name: 'Bad country', country_id: 'FR' }, ['country_id']],
      [{ name: 'Bad country', country_id: 0 }, ['country_id']],
      [{ name: 'Bad country', country_id: 2147483648 }, ['country_id']],
      [{ name: 42, city: 7 }, ['name', 'city']],
      [[], ['_']],
    ];
    for (const [payload, keys] of cases) {
      for (const id of [undefined, company.id]) expect(Object.keys(await api.invalid('companies', payload, id)), JSON.stringify(payload)).toEqual(keys);
    }
    expect(await api.invalid('companies', { name: 'Unknown country', country_id: 999999 })).toEqual({ country_id: ['The selected country id is invalid.'] });
    expect(await api.invalid('companies', { name: 'Bad site', website: 'not a url' })).toEqual({ website: ['The website format is invalid.'] });
    expect((await api.call('GET', `companies/${company.id}`)).json().data.name).toBe('Stays put');
    expect((await api.list('companies', 'name=country')).meta.total).toBe(0);
  });

  it('deletes an unused company, and refuses one used by reading sheets or contacts with a 409', async () => {
    const unused = await api.save<Company>('companies', { name: 'Closing down' });
    expect((await api.call('DELETE', `companies/${unused.id}`)).json()).toEqual({ message: RESOURCE_MESSAGES.deleted });
    expect((await api.call('GET', `companies/${unused.id}`)).statusCode).toBe(404);

    const used = await api.save<Company>('companies', { name: 'Still trading' });
    const [book] = await t.database.db.insert(books).values({ originalTitle: 'Their book', companyId: used.id }).returning({ id: books.id });
    const [contact] = await t.database.db
      .insert(contacts)
      .values([
        { name: 'Their editor', companyId: used.id },
        { name: 'Their agent', companyId: used.id },
      ])
      .returning({ id: contacts.id });
    let refused = await api.call('DELETE', `companies/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This company is used by 1 reading sheet and 2 contacts and cannot be deleted.' });
    await t.database.db.delete(books).where(eq(books.id, book!.id));
    refused = await api.call('DELETE', `companies/${used.id}`);
    expect(refused.json()).toEqual({ message: 'This company is used by 2 contacts and cannot be deleted.' });
    await t.database.db.delete(contacts).where(eq(contacts.companyId, used.id));
    expect(contact).toBeDefined();
    expect((await api.call('DELETE', `companies/${used.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    await expectNotFound(api, 'companies', 'Company', { name: 'Never stored' });
    expect((await api.list('companies', 'name=never')).meta.total).toBe(0);
  });
});
