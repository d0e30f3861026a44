import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { findSheetTitles } from '../db/repositories/sheets/sheetReadRepository.js';
import { outboxRepository } from '../db/repositories/notifications/outboxRepository.js';
import type { SaveNotificationOutcome } from './sheetSaveEvents.js';
import { composeSheetNotification } from '../notifications/compose.js';
import { sheetFollowers } from '../notifications/followers.js';
import { signalOutbox } from '../notifications/outboxSignal.js';

/** The outbox `kind` of the mails 'SAVE WITH NOTIFICATION' sends. */
const SHEET_NOTIFICATION = 'sheet_notification';

export interface EnqueueResult {
  /** Mails written to the outbox. */
  queued: number;
  /** Followers skipped because a mail about this sheet still waits for them. */
  skipped: number;
}

/**
 * Queues one mail per follower of the sheet (docs/notifications.md), composed now so the outbox row
 * is self-contained. A follower who still has a mail about this sheet waiting gets no second one.
 * Runs after the save committed; sending is the delivery loop's job.
 */
export async function enqueueSheetNotification(db: Db, input: { bookId: number; publicSiteUrl: string }): Promise<EnqueueResult> {
  const sheet = await findSheetTitles(db, input.bookId);
  if (!sheet) return { queued: 0, skipped: 0 };
  const followers = await sheetFollowers(db, sheet.id);
  const waiting = await outboxRepository.waitingRecipients(db, SHEET_NOTIFICATION, sheet.id);
  const recipients = followers.filter((follower) => !waiting.has(follower.userId));
  const rows = recipients.map((follower) => {
    const mail = composeSheetNotification({ sheet, locale: follower.locale, greetingName: follower.greetingName, publicSiteUrl: input.publicSiteUrl });
    return {
      kind: SHEET_NOTIFICATION,
      bookId: sheet.id,
      userId: follower.userId,
      toAddress: follower.email,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    };
  });
  await outboxRepository.insert(db, rows);
  if (rows.length > 0) signalOutbox();
  return { queued: rows.length, skipped: followers.length - recipients.length };
}

/** The part of a reading-sheet save event (services/bookSaveEvents.ts) a notification needs. */
export interface SavedSheet {
  bookId: number;
  version: number;
  withNotification: boolean;
}

/**
 * The reading-sheet save's hooks (services/bookSaveEvents.ts): after the commit of a save with
 * `withNotification`, queue the followers' mails, and say how many followers get one (queued now,
 * or already waiting: each follower gets one mail) and whether this server sends e-mail
 * (`mailConfigured`: SMTP_URL is set), for the save's answer. A failure is the save service's to
 * log; it never fails the save, and nothing here waits for SMTP.
 */
export function sheetNotificationHooks(options: { db: Db; publicSiteUrl: string; mailConfigured: boolean; log: FastifyBaseLogger }): {
  afterCommit(event: SavedSheet): Promise<SaveNotificationOutcome | undefined>;
} {
  return {
    async afterCommit(event) {
      if (!event.withNotification) return undefined;
      const result = await enqueueSheetNotification(options.db, { bookId: event.bookId, publicSiteUrl: options.publicSiteUrl });
      options.log.info({ bookId: event.bookId, version: event.version, ...result }, 'reading sheet saved with notification: subscriber e-mails queued');
      return { notified: result.queued + result.skipped, mailConfigured: options.mailConfigured };
    },
  };
}
