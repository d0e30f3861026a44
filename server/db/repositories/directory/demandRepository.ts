import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { books, demandStatuses, demands, users } from '../../schema/index.js';
import { authorsOfSheets } from '../sheets/authorsOfSheets.js';
import { searchWords } from '../engine/filterConditions.js';
import type { DerivedFilter } from '../../../engine/filterDeclaration.js';
import { likePattern } from '../engine/namedListRepository.js';

/** The reading sheet of each request that has one, by request id: `{ id, original_title, authorList }` (a request's `book`). */
export async function sheetsOfDemands(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { id: number; original_title: string; authorList: { id: number; name: string }[] }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ demandId: demands.id, bookId: books.id, originalTitle: books.originalTitle })
    .from(demands)
    .innerJoin(books, eq(books.id, demands.bookId))
    .where(inArray(demands.id, [...ids]));
  const authors = await authorsOfSheets(db, [...new Set(rows.map((row) => row.bookId))]);
  return new Map(rows.map((row) => [row.demandId, { id: row.bookId, original_title: row.originalTitle ?? '', authorList: authors.get(row.bookId) ?? [] }]));
}

/**
 * The requests list's search (`name`, the header's search box): every word of the text occurs in the
 * request's user (name, first and last name, e-mail, company: `users.search_text`) or in its
 * reading sheet (original title, titles, authors: `books.search_text`), case and accents folded.
 * Both texts are trigram-indexed, so each word is looked up there rather than request by request.
 */
export const demandSearch: DerivedFilter = {
  text: true,
  condition([text]) {
    const conditions = searchWords(String(text)).map((word) => {
      const pattern = likePattern(word);
      return or(
        sql`${demands.userId} in (select ${users.id} from ${users} where ${users.searchText} like ${pattern})`,
        sql`${demands.bookId} in (select ${books.id} from ${books} where ${books.searchText} like ${pattern})`,
      )!;
    });
    return and(...conditions) ?? sql`true`;
  },
};

/** Status `id`'s name and whether it requires a commentary (status 4, SPEC §5); undefined when there is no such status. */
export async function findDemandStatus(db: Db, id: number): Promise<{ name: string; requiresCommentary: boolean } | undefined> {
  const [row] = await db
    .select({ name: demandStatuses.name, requiresCommentary: demandStatuses.requiresCommentary })
    .from(demandStatuses)
    .where(eq(demandStatuses.id, id))
    .limit(1);
  return row;
}
