import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authors, bookAuthors, books, countries } from '../../server/db/schema/index.js';
import { RESOURCE_MESSAGES } from '../../server/engine/resourceService.js';
import { adminApi, expectNotFound, expectPaging } from '../helpers/adminApi.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let cookie: string;
let api: ReturnType<typeof adminApi>;
let italy: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  api = adminApi(t, () => cookie);
  const [row] = await t.database.db.select().from(countries).where(eq(countries.code, 'IT'));
  italy = { id: row!.id, name: row!.names.en! };
});
afterAll(async () => t.close());

type Author = Record<string, unknown> & { id: number };

describe('authors', () => {
  it('creates an author with a country and biographies, dropping empty languages', async () => {
    const response = await api.call('POST', 'authors', {
      name: ' Natalia Ginzburg ',
      country_id: italy.id,
      biographies: { en: 'Italian writer.\nBorn in Palermo.', it: 'Scrittrice italiana.', fr: '  ', de: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(RESOURCE_MESSAGES.created);
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'Natalia Ginzburg',
      country_id: italy.id,
      country: italy,
      biographies: { en: 'Italian writer.\nBorn in Palermo.', it: 'Scrittrice italiana.' },
      books: [],
    });
    expect((await api.call('GET', `authors/${data.id}`)).json()).toEqual({ data });
    const bare = await api.save<Author>('authors', { name: 'Anonymous' });
    expect(bare).toEqual({ id: bare.id, name: 'Anonymous', country_id: null, country: null, biographies: {}, books: [] });
  });

  it('pages the list and searches the name ignoring case and accents', async () => {
    for (let i = 1; i <= 10; i++) await api.save('authors', { name: `Filler Writer ${i}` });
    await api.save('authors', { name: 'Émile Zola' });
    await expectPaging(api, 'authors', 13);
    for (const term of ['emile', 'ÉMILE ZO', 'zola']) {
      const found = await api.list('authors', `name=${encodeURIComponent(term)}`);
      expect(
        found.data.map((row) => row.name),
        term,
      ).toEqual(['Émile Zola']);
    }
    const [row] = (await api.list('authors', 'name=ginzburg')).data;
    expect(row).toEqual({ id: expect.any(Number), name: 'Natalia Ginzburg', country_id: italy.id, country: italy, biographies: expect.any(Object) });
    const [stored] = await t.database.db
      .select()
      .from(authors)
      .where(eq(authors.id, row!.id as number));
    expect(stored!.searchText).toBe('natalia ginzburg');
  });

  it("lists the author's reading sheets on the record", async () => {
    const author = await api.save<Author>('authors', { name: 'Prolific' });
    const sheets = await t.database.db
      .insert(books)
      .values([{ originalTitle: 'Second book' }, { originalTitle: 'First book' }])
      .returning({ id: books.id });
    await t.database.db.insert(bookAuthors).values(sheets.map(({ id }) => ({ bookId: id, authorId: author.id })));
    expect((await api.call('GET', `authors/${author.id}`)).json().data.books).toEqual([
      { id: sheets[0]!.id, original_title: 'Second book' },
      { id: sheets[1]!.id, original_title: 'First book' },
    ]);
    // Saving sends the books back; they are ignored (read-only), and the answer carries them.
    const saved = await api.save<Author>('authors', { name: 'Prolific', books: [{ id: 1, original_title: 'Forged' }] }, author.id);
    expect(saved.books).toHaveLength(2);
  });

  it('updates, replacing every field', async () => {
    const author = await api.save<Author>('authors', { name: 'Before', country_id: italy.id, biographies: { en: 'Old', fr: 'Ancienne' } });
    const response = await api.call('POST', `authors/${author.id}`, { name: 'After', biographies: { fr: 'Nouvelle' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: RESOURCE_MESSAGES.updated,
      data: { id: author.id, name: 'After', country_id: null, country: null, biographies: { fr: 'Nouvelle' }, books: [] },
    });
    expect((await api.list('authors', 'name=before')).meta.total).toBe(0);
  });

  it('answers 422 with the field keys, never 500', async () => {
    const author = await api.save<Author>('authors', { name: 'Unchanged' });
    const cases: [unknown, string[]][] = [
      [{}, ['name']],
      [{ name: ' ' }, ['name']],
      [{ name: 'Bad bio', biographies: { en: 42 } }, ['biographies.en']],
      [{ name: 'Bad bio', biographies: { pt: 'Olá' } }, ['biographies']],
      [{ name: 'Bad bio', biographies: { en: 'x'.repeat(20001) } }, ['biographies.en']],
      [{ name: 'Bad country', country_id: '5' }, ['country_id']],
      ['text', ['_']],
    ];
    for (const [payload, keys] of cases) {
      for (const id of [undefined, author.id]) expect(Object.keys(await api.invalid('authors', payload, id)), JSON.stringify(payload)).toEqual(keys);
    }
    expect(await api.invalid('authors', { name: 'Nowhere', country_id: 999999 })).toEqual({ country_id: ['The selected country id is invalid.'] });
    expect((await api.call('GET', `authors/${author.id}`)).json().data.name).toBe('Unchanged');
  });

  it('deletes an author on no sheet, and refuses one on reading sheets with a 409', async () => {
    const free = await api.save<Author>('authors', { name: 'Unpublished' });
    expect((await api.call('DELETE', `authors/${free.id}`)).json()).toEqual({ message: RESOURCE_MESSAGES.deleted });
    expect((await api.call('GET', `authors/${free.id}`)).statusCode).toBe(404);

    const busy = await api.save<Author>('authors', { name: 'On the shelves' });
    const sheets = await t.database.db
      .insert(books)
      .values([{ originalTitle: 'One' }, { originalTitle: 'Two' }])
      .returning({ id: books.id });
    await t.database.db.insert(bookAuthors).values(sheets.map(({ id }) => ({ bookId: id, authorId: busy.id })));
    const refused = await api.call('DELETE', `authors/${busy.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This author is used by 2 reading sheets and cannot be deleted.' });
    expect((await api.call('GET', `authors/${busy.id}`)).statusCode).toBe(200);
    await t.database.db.delete(bookAuthors).where(eq(bookAuthors.authorId, busy.id));
    expect((await api.call('DELETE', `authors/${busy.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    await expectNotFound(api, 'authors', 'Author', { name: 'Never stored' });
  });
});
