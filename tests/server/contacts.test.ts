import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookContacts, books, bookSources, contacts } from '../../server/db/schema/index.js';
import { RESOURCE_MESSAGES } from '../../server/engine/resourceService.js';
import { adminApi, expectNotFound, expectPaging } from '../helpers/adminApi.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let cookie: string;
let api: ReturnType<typeof adminApi>;
let company: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  api = adminApi(t, () => cookie);
  company = await api.save<{ name: string }>('companies', { name: 'Gallimard' });
});
afterAll(async () => t.close());

type Contact = Record<string, unknown> & { id: number };
const AGENT = { id: 2, label: 'Literary agent' };

describe('contacts', () => {
  it('creates a contact with its company and type, answering both joined', async () => {
    const response = await api.call('POST', 'contacts', {
      name: ' Hélène Martin ',
      email: 'helene.martin@agency.example',
      phone: '+33 1 00 00 00 00',
      professional_role: 'Foreign rights manager',
      comment: 'Met at Frankfurt.\nFollow up in May.',
      company_id: company.id,
      contact_type_id: AGENT.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(RESOURCE_MESSAGES.created);
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'Hélène Martin',
      email: 'helene.martin@agency.example',
      phone: '+33 1 00 00 00 00',
      professional_role: 'Foreign rights manager',
      comment: 'Met at Frankfurt.\nFollow up in May.',
      company_id: company.id,
      company: { id: company.id, name: 'Gallimard' },
      company_name: 'Gallimard',
      contact_type_id: AGENT.id,
      contact_type: AGENT,
      contact_type_label: AGENT.label,
      readingSheets: [],
    });
    expect((await api.call('GET', `contacts/${data.id}`)).json()).toEqual({ data });
    const bare = await api.save<Contact>('contacts', { name: 'No company' });
    expect(bare).toMatchObject({
      company_id: null,
      company: null,
      company_name: null,
      contact_type_id: null,
      contact_type: null,
      contact_type_label: null,
      email: null,
    });
  });

  it('pages the list with the company name and type label, and searches name or e-mail ignoring case and accents', async () => {
    for (let i = 1; i <= 9; i++) await api.save('contacts', { name: `Filler contact ${i}`, email: `filler${i}@example.test` });
    await expectPaging(api, 'contacts', 11);
    const [row] = (await api.list('contacts', 'perPage=1')).data;
    expect(row).toMatchObject({ name: 'Hélène Martin', company_name: 'Gallimard', contact_type_label: 'Literary agent' });
    expect(row).not.toHaveProperty('readingSheets');
    for (const term of ['helene', 'HÉLÈNE MAR', 'martin@agency', 'AGENCY.EXAMPLE']) {
      const found = await api.list('contacts', `name=${encodeURIComponent(term)}`);
      expect(
        found.data.map((r) => r.name),
        term,
      ).toEqual(['Hélène Martin']);
    }
    expect((await api.list('contacts', 'name=filler5%40')).meta.total).toBe(1);
    expect((await api.list('contacts', `name=${encodeURIComponent('%_\\')}`)).meta.total).toBe(0);
  });

  it('updates, clearing fields left out, and keeps the search text on the new name and e-mail', async () => {
    const contact = await api.save<Contact>('contacts', { name: 'Old Name', email: 'old@example.test', company_id: company.id, contact_type_id: 1 });
    const updated = await api.call('POST', `contacts/${contact.id}`, { name: 'New Name', email: 'new@example.test' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe(RESOURCE_MESSAGES.updated);
    expect(updated.json().data).toMatchObject({ name: 'New Name', email: 'new@example.test', company_id: null, company: null, contact_type_id: null });
    expect((await api.list('contacts', 'name=old')).meta.total).toBe(0);
    expect((await api.list('contacts', 'name=new%40example')).data.map((r) => r.id)).toEqual([contact.id]);
    const [stored] = await t.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(stored!.searchText).toBe('new name new@example.test');
  });

  it('lists the reading sheets citing the contact as a contact or as a source, once each', async () => {
    const contact = await api.save<Contact>('contacts', { name: 'Cited' });
    const sheets = await t.database.db
      .insert(books)
      .values([{ originalTitle: 'As contact' }, { originalTitle: 'As source' }, { originalTitle: 'As both' }, { originalTitle: 'Unrelated' }])
      .returning({ id: books.id });
    const [asContact, asSource, asBoth] = sheets.map((s) => s.id);
    await t.database.db.insert(bookContacts).values([
      { bookId: asContact!, contactId: contact.id },
      { bookId: asBoth!, contactId: contact.id },
    ]);
    await t.database.db.insert(bookSources).values([
      { bookId: asSource!, contactId: contact.id },
      { bookId: asBoth!, contactId: contact.id },
      { bookId: sheets[3]!.id, other: 'A fair' },
    ]);
    expect((await api.call('GET', `contacts/${contact.id}`)).json().data.readingSheets).toEqual([
      { id: asContact, original_title: 'As contact' },
      { id: asSource, original_title: 'As source' },
      { id: asBoth, original_title: 'As both' },
    ]);
    const refused = await api.call('DELETE', `contacts/${contact.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This contact is used by 3 reading sheets and cannot be deleted.' });
    await t.database.db.delete(bookContacts).where(eq(bookContacts.contactId, contact.id));
    await t.database.db.delete(bookSources).where(eq(bookSources.contactId, contact.id));
    expect((await api.call('DELETE', `contacts/${contact.id}`)).json()).toEqual({ message: RESOURCE_MESSAGES.deleted });
    expect((await api.call('GET', `contacts/${contact.id}`)).statusCode).toBe(404);
  });

  it('answers 422 with the field keys, unknown company or type included, never 500', async () => {
    const contact = await api.save<Contact>('contacts', { name: 'Unchanged' });
    const cases: [unknown, string[]][] = [
      [{}, ['name']],
      [{ name: '  ' }, ['name']],
      [{ name: 'Bad mail', email: 'nope' }, ['email']],
      [{ name: 'Bad ids', company_id: 'x', contact_type_id: 1.5 }, ['company_id', 'contact_type_id']],
      [{ name: 'Long', comment: 'x'.repeat(5001) }, ['comment']],
      [{ name: 'Bad phone', phone: 123 }, ['phone']],
    ];
    for (const [payload, keys] of cases) {
      for (const id of [undefined, contact.id]) expect(Object.keys(await api.invalid('contacts', payload, id)), JSON.stringify(payload)).toEqual(keys);
    }
    expect(await api.invalid('contacts', { name: 'Ghosts', company_id: 999999, contact_type_id: 99 })).toEqual({
      company_id: ['The selected company id is invalid.'],
      contact_type_id: ['The selected contact type id is invalid.'],
    });
    expect(await api.invalid('contacts', { name: 'Bad mail', email: 'nope' })).toEqual({ email: ['The e-mail must be a valid email address.'] });
    expect((await api.call('GET', `contacts/${contact.id}`)).json().data.name).toBe('Unchanged');
  });

  it('serves the contact types as a list and one by id (the type select shows its current value)', async () => {
    const all = (await api.call('GET', 'utilities/contact-types')).json().data;
    expect(all).toContainEqual(AGENT);
    expect((await api.call('GET', `utilities/contact-types/${AGENT.id}`)).json()).toEqual({ data: AGENT });
    for (const id of ['999', 'abc', '0']) {
      const response = await api.call('GET', `utilities/contact-types/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Entry not found' });
    }
  });

  it('answers 404 for unknown or malformed ids', async () => {
    await expectNotFound(api, 'contacts', 'Contact', { name: 'Never stored' });
    expect((await api.list('contacts', 'name=never')).meta.total).toBe(0);
  });
});
