import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Uploads written to storage whose record is not committed yet (docs/files.md). A row is inserted
 * before the file is written and deleted in the transaction that saves the record referring to
 * it; a row that outlives a few minutes belongs to a request that failed or a process that died,
 * and the cleanup removes its file.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    key: text('key').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_uploads_created_idx').on(t.createdAt)],
);

/**
 * Failed logins of the last window, for the login throttle (per account and IP, then per IP). In the
 * database so that every instance counts the same failures.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    /** The e-mail as typed, trimmed and lower-cased (it may match no administrator). */
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_ip_idx').on(t.account, t.ip, t.failedAt), index('login_failures_ip_idx').on(t.ip, t.failedAt)],
);
