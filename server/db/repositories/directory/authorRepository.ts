import { count, eq } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { bookAuthors } from '../../schema/index.js';

/** How many reading sheets name an author. */
export async function authorUsage(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(bookAuthors).where(eq(bookAuthors.authorId, id));
  return row?.value ?? 0;
}
