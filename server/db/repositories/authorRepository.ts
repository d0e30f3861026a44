import { asc, count, eq, type SQL } from 'drizzle-orm';
import { searchNormal, type Translations } from '../../../common/locales.js';
import type { Paging } from '../../http/paging.js';
import type { Db } from '../client.js';
import { authors, bookAuthors, books, countries } from '../schema/index.js';
import type { SheetSummary } from './contactRepository.js';
import { countryColumns, countryOf } from './directoryRepository.js';

/** The columns an author save writes. */
export type AuthorValues = Pick<typeof authors.$inferInsert, 'name' | 'countryId' | 'biographies'>;

/** An author as the API sends it (`books` on the single record only). */
export type AuthorRecord = {
  id: number;
  name: string;
  country_id: number | null;
  country: { id: number; name: string } | null;
  biographies: Translations;
  books?: SheetSummary[];
};

const selection = { author: authors, ...countryColumns };
type Selected = { author: typeof authors.$inferSelect } & Parameters<typeof countryOf>[0];

function toRecord({ author: a, ...country }: Selected): AuthorRecord {
  return { id: a.id, name: a.name, country_id: a.countryId, country: countryOf(country), biographies: a.biographies };
}

const selectAuthors = (db: Db) => db.select(selection).from(authors).leftJoin(countries, eq(countries.id, authors.countryId)).$dynamic();

/** One page of authors by id, filtered by name (case- and accent-insensitive). */
export async function listAuthors(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: AuthorRecord[]; total: number }> {
  const { where } = options;
  const rows = await selectAuthors(db).where(where).orderBy(asc(authors.id)).limit(options.paging.perPage).offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(authors).where(where);
  return { rows: (rows as Selected[]).map(toRecord), total: total?.value ?? 0 };
}

/** One author with their reading sheets, by id. */
export async function findAuthor(db: Db, id: number): Promise<AuthorRecord | undefined> {
  const [row] = await selectAuthors(db).where(eq(authors.id, id)).limit(1);
  if (!row) return undefined;
  const authored = await db
    .select({ id: books.id, original_title: books.originalTitle })
    .from(bookAuthors)
    .innerJoin(books, eq(books.id, bookAuthors.bookId))
    .where(eq(bookAuthors.authorId, id))
    .orderBy(asc(books.id));
  return { ...toRecord(row as Selected), books: authored };
}

/** Creates (no id) or updates an author, keeping its search text; returns its id, undefined when unknown. */
export async function writeAuthor(db: Db, id: number | undefined, values: AuthorValues): Promise<number | undefined> {
  const columns = { ...values, searchText: searchNormal(values.name) };
  if (id === undefined) return (await db.insert(authors).values(columns).returning({ id: authors.id }))[0]!.id;
  const [row] = await db
    .update(authors)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(authors.id, id))
    .returning({ id: authors.id });
  return row?.id;
}

/** How many reading sheets name an author. */
export async function authorUsage(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(bookAuthors).where(eq(bookAuthors.authorId, id));
  return row?.value ?? 0;
}

export async function deleteAuthor(db: Db, id: number): Promise<boolean> {
  return (await db.delete(authors).where(eq(authors.id, id)).returning({ id: authors.id })).length > 0;
}
