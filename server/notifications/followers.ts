import type { Db } from '../db/client.js';
import { findSheetFollowerRows } from '../db/repositories/notifications/sheetFollowerRepository.js';
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
  const rows = await findSheetFollowerRows(db, bookId, CLOSED_DEMAND_STATUS_IDS);
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    greetingName: row.firstname.trim() || row.name?.trim() || '',
    locale: (LOCALES as readonly string[]).includes(row.locale ?? '') ? (row.locale as Locale) : DEFAULT_LOCALE,
  }));
}
