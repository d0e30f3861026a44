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

/**
 * The seam where saving a sheet hands over to what follows it (e-mailing subscribers comes with
 * the editor issue: an outbox table and an SMTP sender).
 * - `inTransaction` runs inside the save's transaction after every write: outbox rows written
 *   there commit or roll back with the sheet. A failure there fails the save.
 * - `afterCommit` runs once the sheet is committed (wake a sender, log). A failure there is
 *   logged and never fails the save.
 */
export interface SheetSaveHooks {
  inTransaction?(tx: Db, event: SheetSavedEvent): Promise<void>;
  afterCommit?(event: SheetSavedEvent): Promise<void> | void;
}

/** Until the outbox exists: a notification request is only logged. */
export function loggingSaveHooks(log: FastifyBaseLogger): SheetSaveHooks {
  return {
    afterCommit(event) {
      if (event.withNotification) log.info({ bookId: event.bookId, version: event.version }, 'reading sheet saved with notification (subscriber e-mails are not sent yet)');
    },
  };
}

/**
 * Runs the `afterCommit` hook of a committed save (with notification: the followers' mails are
 * queued there). The sheet is saved whatever happens, so a failure is logged, never thrown.
 */
export async function runAfterCommit(hooks: SheetSaveHooks, event: SheetSavedEvent, log: FastifyBaseLogger | undefined): Promise<void> {
  try {
    await hooks.afterCommit?.(event);
  } catch (error) {
    log?.error({ err: error, bookId: event.bookId }, 'a reading-sheet after-save hook failed');
  }
}
