import { count, eq } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { books, contacts } from '../../schema/index.js';

/** How many reading sheets and contacts point at a company. */
export async function companyUsage(db: Db, id: number): Promise<{ books: number; contacts: number }> {
  const [bookRow] = await db.select({ value: count() }).from(books).where(eq(books.companyId, id));
  const [contactRow] = await db.select({ value: count() }).from(contacts).where(eq(contacts.companyId, id));
  return { books: bookRow?.value ?? 0, contacts: contactRow?.value ?? 0 };
}
