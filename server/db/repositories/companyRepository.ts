import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { searchNormal } from '../../../common/locales.js';
import type { Paging } from '../../http/paging.js';
import type { Db } from '../client.js';
import { books, companies, contacts, countries } from '../schema/index.js';
import { countOf, countryColumns, countryOf } from './directoryRepository.js';

/** The columns a company save writes. */
export type CompanyValues = Pick<
  typeof companies.$inferInsert,
  'name' | 'address' | 'additionalAddress' | 'postalCode' | 'city' | 'countryId' | 'phone' | 'website' | 'description'
>;

/** A company as the API sends it. */
export type CompanyRecord = {
  id: number;
  name: string;
  address: string | null;
  additional_address: string | null;
  postal_code: string | null;
  city: string | null;
  country_id: number | null;
  country: { id: number; name: string } | null;
  phone: string | null;
  website: string | null;
  description: string | null;
  /** True when any address part or the country is set. */
  has_address: boolean;
  /** Reading sheets naming the company as first publishing house. */
  books_count: number;
};

const booksCount = countOf(sql`select count(*) from ${books} where ${books.companyId} = ${companies.id}`);

const selection = { company: companies, ...countryColumns, booksCount };
type Selected = { company: typeof companies.$inferSelect; booksCount: number } & Parameters<typeof countryOf>[0];

function toRecord({ company: c, booksCount: count, ...country }: Selected): CompanyRecord {
  return {
    id: c.id,
    name: c.name,
    address: c.address,
    additional_address: c.additionalAddress,
    postal_code: c.postalCode,
    city: c.city,
    country_id: c.countryId,
    country: countryOf(country),
    phone: c.phone,
    website: c.website,
    description: c.description,
    has_address: [c.address, c.additionalAddress, c.postalCode, c.city, c.countryId].some((part) => part !== null),
    books_count: count,
  };
}

const selectCompanies = (db: Db) => db.select(selection).from(companies).leftJoin(countries, eq(countries.id, companies.countryId)).$dynamic();

/** One page of companies by id, filtered by name (case- and accent-insensitive). */
export async function listCompanies(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: CompanyRecord[]; total: number }> {
  const { where } = options;
  const rows = await selectCompanies(db).where(where).orderBy(asc(companies.id)).limit(options.paging.perPage).offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(companies).where(where);
  return { rows: (rows as Selected[]).map(toRecord), total: total?.value ?? 0 };
}

export async function findCompany(db: Db, id: number): Promise<CompanyRecord | undefined> {
  const [row] = await selectCompanies(db).where(eq(companies.id, id)).limit(1);
  return row && toRecord(row as Selected);
}

/** Creates (no id) or updates a company, keeping its search text; returns its id, undefined when unknown. */
export async function writeCompany(db: Db, id: number | undefined, values: CompanyValues): Promise<number | undefined> {
  const columns = { ...values, searchText: searchNormal(values.name) };
  if (id === undefined) return (await db.insert(companies).values(columns).returning({ id: companies.id }))[0]!.id;
  const [row] = await db
    .update(companies)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning({ id: companies.id });
  return row?.id;
}

/** How many reading sheets and contacts point at a company. */
export async function companyUsage(db: Db, id: number): Promise<{ books: number; contacts: number }> {
  const [bookRow] = await db.select({ value: count() }).from(books).where(eq(books.companyId, id));
  const [contactRow] = await db.select({ value: count() }).from(contacts).where(eq(contacts.companyId, id));
  return { books: bookRow?.value ?? 0, contacts: contactRow?.value ?? 0 };
}

export async function deleteCompany(db: Db, id: number): Promise<boolean> {
  return (await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id })).length > 0;
}
