import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { administrators } from './auth.js';

/**
 * Bulk actions run in the background (docs/bulk-actions.md): too many rows for one request, they
 * go on in the server that took them, which writes here how far they are and which rows were
 * refused and why, so that the panel, from any server, shows the progress.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: serial('id').primaryKey(),
    /** The screen whose list it runs on (`reading-sheets`). */
    screen: text('screen').notNull(),
    /** What it does: `{ action, field?, value? }` as asked. */
    request: jsonb('request').notNull(),
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** The refused rows, each with its reason (`{ id, label, message, errors? }`). */
    refusedRows: jsonb('refused_rows').notNull().default([]),
    /** `running`, `finished`, `failed` (an error ended it: `message`) or `stopped` (its server stopped). */
    state: text('state').notNull().default('running'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bulk_jobs_administrator_idx').on(t.administratorId)],
);
