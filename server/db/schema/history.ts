import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The history of the records (docs/record-history.md): one revision per create, update and delete
 * that changed something, written by the one write path in the write's own transaction
 * (server/engine/recordWrites.ts), holding only the changed fields with their old and new values.
 * A write made outside the app (SQL by hand) is marked by a trigger as one `outside` revision, its
 * content unknown (migration 0015).
 */
export const recordRevisions = pgTable(
  'record_revisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The resource's API name (`genres`, `books`, `users`, `screens`…). */
    resource: text('resource').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** The record's version after the change: 1 for its first revision, one more for each next (record_heads). */
    version: integer('version').notNull(),
    /** create, update, delete, or outside (changed outside the app: what changed is unknown). */
    action: text('action').notNull(),
    /** Who wrote it; kept when the administrator is deleted later (no foreign key), null for the app's own work. */
    administratorId: integer('administrator_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** What the record was called at the time (its title or name), for lists of revisions of many records. */
    label: text('label'),
    /** The changed fields: `{ field: change }` (common/recordChanges.ts). */
    changes: jsonb('changes').notNull().default({}),
    /** The version of the record's screen the save was made with (0: the built-in file), so an old revision displays with its labels. */
    screenVersion: integer('screen_version'),
    /** A restore: the revision whose earlier values it brought back. */
    restoredFrom: bigint('restored_from', { mode: 'number' }),
  },
  // Ascending: read backwards they give `order by at desc, id desc` (a DESC index says NULLS LAST, which that order is not).
  (t) => [
    index('record_revisions_record_idx').on(t.resource, t.recordId, t.at, t.id),
    index('record_revisions_at_idx').on(t.at, t.id),
    index('record_revisions_resource_at_idx').on(t.resource, t.at, t.id),
    index('record_revisions_administrator_at_idx').on(t.administratorId, t.at, t.id),
  ],
);

/**
 * Each record's latest version, moved on atomically by every revision (two writes of one record
 * never share a version) and read by a restore to refuse a stale one. `outside`: the last change
 * was made outside the app (a further one adds no revision).
 */
export const recordHeads = pgTable(
  'record_heads',
  {
    resource: text('resource').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    outside: boolean('outside').notNull().default(false),
  },
  (t) => [primaryKey({ name: 'record_heads_pk', columns: [t.resource, t.recordId] })],
);
