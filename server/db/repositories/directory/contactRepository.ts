import { count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { bookContacts, books, bookSources } from '../../schema/index.js';

/** Books citing contact `id` in their contacts or their sources. */
function citingContact(db: Db, id: number): SQL | undefined {
  return or(
    inArray(books.id, db.select({ id: bookContacts.bookId }).from(bookContacts).where(eq(bookContacts.contactId, id))),
    inArray(books.id, db.select({ id: bookSources.bookId }).from(bookSources).where(eq(bookSources.contactId, id))),
  );
}

/** How many reading sheets cite a contact (as a contact or a source). */
export async function contactUsage(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(books).where(citingContact(db, id));
  return row?.value ?? 0;
}
