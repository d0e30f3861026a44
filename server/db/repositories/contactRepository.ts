import { asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import { searchNormal } from '../../../common/locales.js';
import type { Paging } from '../../http/paging.js';
import type { Db } from '../client.js';
import { bookContacts, books, bookSources, companies, contacts, contactTypes } from '../schema/index.js';

/** The columns a contact save writes. */
export type ContactValues = Pick<typeof contacts.$inferInsert, 'name' | 'email' | 'phone' | 'professionalRole' | 'comment' | 'companyId' | 'contactTypeId'>;

/** A reading sheet as the related tables show it. */
export type SheetSummary = {
  id: number;
  original_title: string;
};

/** A contact as the API sends it (`readingSheets` on the single record only). */
export type ContactRecord = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  professional_role: string | null;
  comment: string | null;
  company_id: number | null;
  company: { id: number; name: string } | null;
  /** The company's name, flat for the list column; null without a company. */
  company_name: string | null;
  contact_type_id: number | null;
  contact_type: { id: number; label: string } | null;
  contact_type_label: string | null;
  readingSheets?: SheetSummary[];
};

const selection = { contact: contacts, companyName: companies.name, contactTypeLabel: contactTypes.label };
type Selected = { contact: typeof contacts.$inferSelect; companyName: string | null; contactTypeLabel: string | null };

function toRecord({ contact: c, companyName, contactTypeLabel }: Selected): ContactRecord {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    professional_role: c.professionalRole,
    comment: c.comment,
    company_id: c.companyId,
    company: c.companyId === null || companyName === null ? null : { id: c.companyId, name: companyName },
    company_name: companyName,
    contact_type_id: c.contactTypeId,
    contact_type: c.contactTypeId === null || contactTypeLabel === null ? null : { id: c.contactTypeId, label: contactTypeLabel },
    contact_type_label: contactTypeLabel,
  };
}

const selectContacts = (db: Db) =>
  db
    .select(selection)
    .from(contacts)
    .leftJoin(companies, eq(companies.id, contacts.companyId))
    .leftJoin(contactTypes, eq(contactTypes.id, contacts.contactTypeId))
    .$dynamic();

/** The search text of a contact: its name and e-mail, normalised. */
export const contactSearchText = (name: string, email: string | null) => searchNormal([name, email].filter(Boolean).join(' '));

/** One page of contacts by id, matching `where` (the list's declared filters). */
export async function listContacts(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: ContactRecord[]; total: number }> {
  const { where } = options;
  const rows = await selectContacts(db).where(where).orderBy(asc(contacts.id)).limit(options.paging.perPage).offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(contacts).where(where);
  return { rows: (rows as Selected[]).map(toRecord), total: total?.value ?? 0 };
}

/** Books citing contact `id` in their contacts or their sources. */
function citingContact(db: Db, id: number): SQL | undefined {
  return or(
    inArray(books.id, db.select({ id: bookContacts.bookId }).from(bookContacts).where(eq(bookContacts.contactId, id))),
    inArray(books.id, db.select({ id: bookSources.bookId }).from(bookSources).where(eq(bookSources.contactId, id))),
  );
}

/** One contact with the reading sheets citing it as a contact or as a source, by id. */
export async function findContact(db: Db, id: number): Promise<ContactRecord | undefined> {
  const [row] = await selectContacts(db).where(eq(contacts.id, id)).limit(1);
  if (!row) return undefined;
  const readingSheets = await db
    .select({ id: books.id, original_title: books.originalTitle })
    .from(books)
    .where(citingContact(db, id))
    .orderBy(asc(books.id));
  return { ...toRecord(row as Selected), readingSheets };
}

/** Creates (no id) or updates a contact, keeping its search text; returns its id, undefined when unknown. */
export async function writeContact(db: Db, id: number | undefined, values: ContactValues): Promise<number | undefined> {
  const columns = { ...values, searchText: contactSearchText(values.name, values.email ?? null) };
  if (id === undefined) return (await db.insert(contacts).values(columns).returning({ id: contacts.id }))[0]!.id;
  const [row] = await db
    .update(contacts)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(contacts.id, id))
    .returning({ id: contacts.id });
  return row?.id;
}

/** How many reading sheets cite a contact (as a contact or a source). */
export async function contactUsage(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(books).where(citingContact(db, id));
  return row?.value ?? 0;
}

export async function deleteContact(db: Db, id: number): Promise<boolean> {
  return (await db.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id })).length > 0;
}

