import { and, asc, eq, exists, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { demands, libraries, libraryBooks, locales, users } from '../../schema/index.js';

/** A follower of a sheet as stored: the caller picks the greeting and the locale. */
export interface SheetFollowerRow {
  userId: number;
  email: string;
  firstname: string;
  name: string | null;
  /** The user's locale code, null without one. */
  locale: string | null;
}

/**
 * Accepted subscribers (`is_accepted`) who have the sheet in one of their libraries, or a request
 * on it whose status is not one of `closedStatusIds`; each user once, by id.
 */
export async function findSheetFollowerRows(db: Db, bookId: number, closedStatusIds: readonly number[]): Promise<SheetFollowerRow[]> {
  const inLibrary = db
    .select({ one: libraryBooks.bookId })
    .from(libraryBooks)
    .innerJoin(libraries, eq(libraries.id, libraryBooks.libraryId))
    .where(and(eq(libraryBooks.bookId, bookId), eq(libraries.userId, users.id)));
  const openRequest = db
    .select({ one: demands.id })
    .from(demands)
    .where(and(eq(demands.bookId, bookId), eq(demands.userId, users.id), notInArray(demands.demandStatusId, [...closedStatusIds])));
  return db
    .select({ userId: users.id, email: users.email, firstname: users.firstname, name: users.name, locale: locales.code })
    .from(users)
    .leftJoin(locales, eq(locales.id, users.localeId))
    .where(and(eq(users.isAccepted, true), or(exists(inLibrary), exists(openRequest))))
    .orderBy(asc(users.id));
}
