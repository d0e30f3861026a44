import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { authors, bookAuthors } from '../../schema/index.js';

/** The authors of these sheets, by sheet, in each sheet's order of authors (one query). */
export async function authorsOfSheets(db: Db, bookIds: readonly number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byBook = new Map<number, { id: number; name: string }[]>();
  if (bookIds.length === 0) return byBook;
  const rows = await db
    .select({ bookId: bookAuthors.bookId, id: authors.id, name: authors.name })
    .from(bookAuthors)
    .innerJoin(authors, eq(authors.id, bookAuthors.authorId))
    .where(inArray(bookAuthors.bookId, [...new Set(bookIds)]))
    .orderBy(asc(bookAuthors.bookId), asc(bookAuthors.position), asc(bookAuthors.authorId));
  for (const { bookId, id, name } of rows) byBook.set(bookId, [...(byBook.get(bookId) ?? []), { id, name }]);
  return byBook;
}
