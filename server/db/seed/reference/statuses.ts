import type { Db } from '../../client.js';
import { bookStatuses, demandStatuses, reporterStatuses, rightsStatuses } from '../../schema/reference.js';
import { upsertRows } from './upsert.js';

/**
 * Editorial workflow of a reading sheet. The client colours them by id (1 red, 2 orange,
 * 3 grey, 4 green) and a new sheet starts at 1.
 */
const BOOK_STATUSES = [
  { id: 1, label: 'Draft' },
  { id: 2, label: 'In progress' },
  { id: 3, label: 'Archived' },
  { id: 4, label: 'Published' },
] as const;

/** Where the screen (audiovisual adaptation) rights of a book stand. A new sheet starts at 4. */
const RIGHTS_STATUSES = [
  { id: 1, label: 'Sold' },
  { id: 2, label: 'Optioned' },
  { id: 3, label: 'Under negotiation' },
  { id: 4, label: 'Available' },
  { id: 5, label: 'Not for sale' },
  { id: 6, label: 'To be checked' },
] as const;

/** Life cycle of a request a subscriber makes on a sheet. Only 4 (Refused) needs a commentary. */
export const DEMAND_STATUSES = [
  { id: 1, name: 'Pending', requiresCommentary: false },
  { id: 2, name: 'In progress', requiresCommentary: false },
  { id: 3, name: 'Completed', requiresCommentary: false },
  { id: 4, name: 'Refused', requiresCommentary: true },
  { id: 5, name: 'Cancelled', requiresCommentary: false },
] as const;

/** Life cycle of a reporter (editorial write-up). A new reporter starts at 1. */
export const REPORTER_STATUSES = [
  { id: 1, name: 'Draft' },
  { id: 2, name: 'Scheduled' },
  { id: 3, name: 'Published' },
  { id: 4, name: 'Archived' },
] as const;

/** Upserts the four status lists by their fixed ids. */
export async function seedStatuses(db: Db): Promise<void> {
  await upsertRows(db, bookStatuses, bookStatuses.id, BOOK_STATUSES);
  await upsertRows(db, rightsStatuses, rightsStatuses.id, RIGHTS_STATUSES);
  await upsertRows(db, demandStatuses, demandStatuses.id, DEMAND_STATUSES);
  await upsertRows(db, reporterStatuses, reporterStatuses.id, REPORTER_STATUSES);
}
