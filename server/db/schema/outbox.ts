import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { timestamps } from './columns.js';
import { users } from './subscribers.js';

/** Delivery states of an outbox message (docs/notifications.md). */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'held', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * E-mails waiting to be sent, and the record of those sent (docs/notifications.md). A save writes
 * one row per recipient with the message already composed; the delivery loop (server/jobs) sends
 * it. States:
 * - `pending`: due at `next_attempt_at`;
 * - `sending`: claimed by a delivery loop until `locked_until` (claimed again after that, should
 *   the process have died mid-send);
 * - `sent` (`sent_at`), `failed` (every attempt failed, `last_error`);
 * - `held`: no SMTP transport is configured; logged once, sent when a later start has SMTP_URL.
 * A deleted subscriber takes their mails with them; a deleted sheet leaves `book_id` empty.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    /** What the mail is about: 'sheet_notification'. */
    kind: text('kind').notNull(),
    bookId: integer('book_id').references(() => books.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('outbox_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_messages_book_user_idx').on(t.bookId, t.userId),
    index('outbox_messages_user_idx').on(t.userId),
    check('outbox_messages_status_known', sql`${t.status} in ('pending', 'sending', 'sent', 'held', 'failed')`),
    check('outbox_messages_attempts_positive', sql`${t.attempts} >= 0`),
  ],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;
