import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { administrators } from './auth.js';

/**
 * Bulk actions run in the background (docs/bulk-actions.md): too many rows for one request, they
 * go on in the server that took them. The job's row says what it does, on which rows, and who runs
 * it; each row's outcome is a row of `bulk_job_rows`, so that the panel, from any server, shows
 * the progress, and a job its server left unfinished can be resumed on the rows not yet handled.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: serial('id').primaryKey(),
    /** The screen whose list it runs on (`reading-sheets`). */
    screen: text('screen').notNull(),
    /** What it does, as asked: `{ action, field?, value?, with? }` (a resume checks it again against the list). */
    request: jsonb('request').notNull(),
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    total: integer('total').notNull(),
    /** The rows' ids in the order they run: a row's position in it names the row in `bulk_job_rows`. */
    ids: integer('ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * `running`, `finished`, `failed` (an error ended it) or `interrupted` (its server stopped
     * before the end); the last two can be resumed.
     */
    state: text('state').notNull().default('running'),
    /** The server process running it (`host/pid/boot`), while it runs. */
    runner: text('runner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written every second by the server running it: a running job silent for long has lost its server. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_jobs_administrator_idx').on(t.administratorId),
    index('bulk_jobs_running_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} = 'running'`),
  ],
);

/**
 * One row of a job handled: done (written in the row's own transaction, with the row's change, so
 * the count is exact whatever stops the server), or refused with its reason. A row not here is
 * not done yet.
 */
export const bulkJobRows = pgTable(
  'bulk_job_rows',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    /** Its place in the job's `ids`. */
    position: integer('position').notNull(),
    recordId: integer('record_id').notNull(),
    done: boolean('done').notNull(),
    /** A refused row: what names it (null when it no longer exists), the reason and the field errors of a 422. */
    label: text('label'),
    message: text('message'),
    errors: jsonb('errors'),
  },
  (t) => [primaryKey({ name: 'bulk_job_rows_pk', columns: [t.jobId, t.position] })],
);
