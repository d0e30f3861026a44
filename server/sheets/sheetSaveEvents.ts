import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

/** What happened in one successful reading-sheet save. */
export interface SheetSavedEvent {
  bookId: number;
  created: boolean;
  /** The sheet's version after the save. */
  version: number;
  /** The administrator asked to notify the sheet's subscribers ('SAVE WITH NOTIFICATION'). */
  withNotification: boolean;
  administratorId: number | null;
}

/** What the notification of a save did (docs/notifications.md), for the save's answer to say it. */
export interface SaveNotificationOutcome {
  /** Subscribers who follow the sheet, hence get an e-mail about this save (queued now, or one already waiting). */
  notified: number;
  /** Whether this server sends e-mail; without it the e-mails wait in the outbox. */
  mailConfigured: boolean;
}

/**
 * The seam where saving a sheet hands over to what follows it (with notification: the followers'
 * e-mails, server/sheets/sheetNotification.ts).
 * - `inTransaction` runs inside the save's transaction after every write: outbox rows written
 *   there commit or roll back with the sheet. A failure there fails the save.
 * - `afterCommit` runs once the sheet is committed, and says what it notified. A failure there is
 *   logged and never fails the save.
 */
export interface SheetSaveHooks {
  inTransaction?(tx: Db, event: SheetSavedEvent): Promise<void>;
  afterCommit?(event: SheetSavedEvent): Promise<SaveNotificationOutcome | void> | SaveNotificationOutcome | void;
}

/** How the `afterCommit` hook of a save ended: what it notified, or that it failed. */
export type AfterCommitResult = { outcome: SaveNotificationOutcome | undefined; failed: false } | { outcome: undefined; failed: true };

/**
 * Runs the `afterCommit` hook of a committed save (with notification: the followers' mails are
 * queued there). The sheet is saved whatever happens, so a failure is logged, never thrown.
 */
export async function runAfterCommit(hooks: SheetSaveHooks, event: SheetSavedEvent, log: FastifyBaseLogger | undefined): Promise<AfterCommitResult> {
  try {
    return { outcome: (await hooks.afterCommit?.(event)) ?? undefined, failed: false };
  } catch (error) {
    log?.error({ err: error, bookId: event.bookId }, 'a reading-sheet after-save hook failed');
    return { outcome: undefined, failed: true };
  }
}
