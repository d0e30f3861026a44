import { and, asc, eq, exists, notInArray, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { demands, libraries, libraryBooks, locales, users } from '../db/schema/index.js';
import { DEMAND_STATUSES } from '../db/seed/reference/statuses.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../common/locales.js';

/**
 * Request statuses that close a request: a subscriber whose only request on a sheet is in one of
 * these no longer follows it (Completed, Refused, Cancelled). Every other status — Pending,
 * In progress, and any status added later — is open.
 */
export const CLOSED_DEMAND_STATUS_IDS: readonly number[] = DEMAND_STATUSES.filter((status) =>
  (['Completed', 'Refused', 'Cancelled'] as string[]).includes(status.name),
).map((status) => status.id);

/** A subscriber who follows a sheet, with what a mail to them needs. */
export interface SheetFollower {
  userId: number;
  email: string;
  /** The name to greet: firstname, else the display name, else ''. */
  greetingName: string;
  locale: Locale;
}

/**
 * The followers of a reading sheet (docs/notifications.md): accepted subscribers (`is_accepted`)
 * who have the sheet in one of their libraries, or a request on it whose status is not closed
 * (CLOSED_DEMAND_STATUS_IDS). Each user once, by id.
 */
export async function sheetFollowers(db: Db, bookId: number): Promise<SheetFollower[]> {
  const inLibrary = db
    .select({ one: libraryBooks.bookId })
    .from(libraryBooks)
    .innerJoin(libraries, eq(libraries.id, libraryBooks.libraryId))
    .where(and(eq(libraryBooks.bookId, bookId), eq(libraries.userId, users.id)));
  const openRequest = db
    .select({ one: demands.id })
    .from(demands)
    .where(and(eq(demands.bookId, bookId), eq(demands.userId, users.id), notInArray(demands.demandStatusId, [...CLOSED_DEMAND_STATUS_IDS])));
  const rows = await db
    .select({ userId: users.id, email: users.email, firstname: users.firstname, name: users.name, locale: locales.code })
    .from(users)
    .leftJoin(locales, eq(locales.id, users.localeId))
    .where(and(eq(users.isAccepted, true), or(exists(inLibrary), exists(openRequest))))
    .orderBy(asc(users.id));
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    greetingName: row.firstname.trim() || row.name?.trim() || '',
    locale: (LOCALES as readonly string[]).includes(row.locale ?? '') ? (row.locale as Locale) : DEFAULT_LOCALE,
  }));
}
