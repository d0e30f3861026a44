import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { administrators } from './auth.js';

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
 * Failed logins of the last window, for the login throttle (per account and IP, per IP, and per
 * account from every address). In the database so that every instance counts the same failures.
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
  (t) => [
    index('login_failures_account_ip_idx').on(t.account, t.ip, t.failedAt),
    index('login_failures_ip_idx').on(t.ip, t.failedAt),
    index('login_failures_account_idx').on(t.account, t.failedAt),
  ],
);

/**
 * Account-wide login locks (docs/security.md, "Login protection"): an account that collected too
 * many failures from all addresses is closed to unknown clients until `locked_until`. `level`
 * counts the locks of the current series (each one twice as long as the one before); a row whose
 * lock ended a day ago starts a new series, and is deleted. `notified_at` is when the
 * administrator was last told by mail.
 */
export const loginAccountLocks = pgTable(
  'login_account_locks',
  {
    /** The e-mail as typed, trimmed and lower-cased, as in `login_failures`. */
    account: text('account').primaryKey(),
    level: integer('level').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [index('login_account_locks_locked_until_idx').on(t.lockedUntil), check('login_account_locks_level_positive', sql`${t.level} >= 1`)],
);

/** What identifies a known login client: its address, or the SHA-256 of its known-device cookie. */
export const LOGIN_CLIENT_KINDS = ['address', 'device'] as const;
export type LoginClientKind = (typeof LOGIN_CLIENT_KINDS)[number];

/**
 * The clients an administrator logged in from successfully, with the time of the last success:
 * they are not held by the account-wide lock (docs/security.md, "Login protection").
 */
export const loginKnownClients = pgTable(
  'login_known_clients',
  {
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LoginClientKind>().notNull(),
    /** The IP address, or the hex SHA-256 of the device token (the cookie holds the token). */
    value: text('value').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.administratorId, t.kind, t.value] }),
    index('login_known_clients_last_login_idx').on(t.lastLoginAt),
    check('login_known_clients_kind_known', sql`${t.kind} in ('address', 'device')`),
  ],
);
