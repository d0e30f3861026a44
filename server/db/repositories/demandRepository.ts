import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DemandRecord } from '../../../common/demands.js';
import type { Paging } from '../paging.js';
import type { Db } from '../client.js';
import { books, demandStatuses, demandTypes, demands, users } from '../schema/index.js';
import { authorsOfBooks } from './authorsOfBooks.js';
import { searchWords } from './filterConditions.js';
import { type DerivedFilter } from '../../resources/filterDeclaration.js';
import { likePattern } from './namedListRepository.js';

/** A request as the API sends it, timestamps as dates. */
export type DemandRow = DemandRecord<Date>;

/** The columns a save writes. */
export type DemandValues = Pick<typeof demands.$inferInsert, 'userId' | 'bookId' | 'demandDate' | 'demandEndDate' | 'demandTypeId' | 'demandStatusId' | 'commentary'>;

const selection = {
  demand: demands,
  userName: users.name,
  firstname: users.firstname,
  lastname: users.lastname,
  company: users.company,
  email: users.email,
  originalTitle: books.originalTitle,
  typeName: demandTypes.name,
  statusName: demandStatuses.name,
};
type Selected = { demand: typeof demands.$inferSelect; userName: string | null; firstname: string; lastname: string; company: string | null; email: string; originalTitle: string | null; typeName: string; statusName: string };

function selectDemands(db: Db) {
  return db
    .select(selection)
    .from(demands)
    .innerJoin(users, eq(users.id, demands.userId))
    .innerJoin(demandTypes, eq(demandTypes.id, demands.demandTypeId))
    .innerJoin(demandStatuses, eq(demandStatuses.id, demands.demandStatusId))
    .leftJoin(books, eq(books.id, demands.bookId));
}

async function toRecords(db: Db, selected: Selected[]): Promise<DemandRow[]> {
  const bookIds = [...new Set(selected.map((row) => row.demand.bookId).filter((id): id is number => id !== null))];
  const authorsByBook = await authorsOfBooks(db, bookIds);
  return selected.map(({ demand: d, ...row }) => ({
    id: d.id,
    user_id: d.userId,
    book_id: d.bookId,
    user: { id: d.userId, name: row.userName || `${row.firstname} ${row.lastname}`.trim(), company: row.company, email: row.email },
    book: d.bookId === null ? null : { id: d.bookId, original_title: row.originalTitle ?? '', authorList: authorsByBook.get(d.bookId) ?? [] },
    demand_date: d.demandDate,
    demand_end_date: d.demandEndDate,
    demand_type_id: d.demandTypeId,
    demand_type: { id: d.demandTypeId, name: row.typeName },
    demand_status_id: d.demandStatusId,
    demand_status: { id: d.demandStatusId, name: row.statusName },
    commentary: d.commentary,
    version: d.version,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  }));
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

/** Newest first: by request date, then by id. */
const NEWEST_FIRST = [desc(demands.demandDate), desc(demands.id)];

/** One page of requests matching `where`, newest first, with the total. */
export async function listDemands(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: DemandRow[]; total: number }> {
  const [selected, [total]] = await Promise.all([
    selectDemands(db).where(options.where).orderBy(...NEWEST_FIRST).limit(options.paging.perPage).offset(options.paging.offset),
    db.select({ value: count() }).from(demands).where(options.where),
  ]);
  return { rows: await toRecords(db, selected as Selected[]), total: total?.value ?? 0 };
}

/** Every request made on sheet `bookId`, newest first (the sheet's `requestList`). */
export async function demandsOfBook(db: Db, bookId: number): Promise<DemandRow[]> {
  return toRecords(db, (await selectDemands(db).where(eq(demands.bookId, bookId)).orderBy(...NEWEST_FIRST)) as Selected[]);
}

/** One request, or undefined. */
export async function findDemandRecord(db: Db, id: number): Promise<DemandRow | undefined> {
  const [row] = await toRecords(db, (await selectDemands(db).where(eq(demands.id, id)).limit(1)) as Selected[]);
  return row;
}

/** The version of request `id`, its row locked until the transaction ends; undefined when there is none. */
export async function lockDemand(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ version: demands.version }).from(demands).where(eq(demands.id, id)).for('update');
  return row?.version;
}

/** Inserts a request, version 1; its id. */
export async function insertDemand(db: Db, values: DemandValues): Promise<number> {
  const [row] = await db.insert(demands).values(values).returning({ id: demands.id });
  return row!.id;
}

/** Updates request `id` if it is still at `version`, moving the version by one; false otherwise. */
export async function updateDemand(db: Db, id: number, version: number, values: DemandValues): Promise<boolean> {
  const rows = await db
    .update(demands)
    .set({ ...values, version: sql`${demands.version} + 1`, updatedAt: new Date() })
    .where(and(eq(demands.id, id), eq(demands.version, version)))
    .returning({ id: demands.id });
  return rows.length === 1;
}

/** Deletes request `id`; false when there was none. */
export async function deleteDemand(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(demands).where(eq(demands.id, id)).returning({ id: demands.id });
  return rows.length === 1;
}

/** Status `id`'s name and whether it requires a commentary (status 4, SPEC §5); undefined when there is no such status. */
export async function findDemandStatus(db: Db, id: number): Promise<{ name: string; requiresCommentary: boolean } | undefined> {
  const [row] = await db.select({ name: demandStatuses.name, requiresCommentary: demandStatuses.requiresCommentary }).from(demandStatuses).where(eq(demandStatuses.id, id)).limit(1);
  return row;
}
