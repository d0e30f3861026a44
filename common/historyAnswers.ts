import { ANY, BOOLEAN, DATE_TIME, INTEGER, nullable, objectOf, PAGE_META, STRING } from './answerSchemas.js';
import type { Changes } from './recordChanges.js';

/**
 * The wire shapes of the records' history (`admin/history`, docs/record-history.md): a revision as
 * the drawer and the activity screen read it, and a restore's answers.
 */

/** What a revision did: `outside` is a change made outside the app, its content unknown. */
const REVISION_ACTIONS = ['create', 'update', 'delete', 'outside'] as const;
type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** One revision of one record. */
export interface RevisionAnswer {
  id: number;
  /** The resource's API name (`books` for the reading sheets). */
  resource: string;
  record_id: number;
  /** The record's version after it. */
  version: number;
  action: RevisionAction;
  /** Who made it; null for the app's own work or a change outside the app. */
  administrator: { id: number; name: string | null } | null;
  /** What the record was called then. */
  label: string | null;
  at: string;
  /** Only the changed fields, old and new values (common/recordChanges.ts). */
  changes: Changes;
  /** The version of the record's screen it was made with (0: the built-in one), whose labels name its fields. */
  screen: { name: string; version: number } | null;
  /** A restore: the revision whose earlier values it brought back. */
  restored_from: number | null;
  /** In the activity: whether the record exists now (its row links to it). */
  record_exists?: boolean;
}

const REVISION_ANSWER = objectOf(
  {
    id: INTEGER,
    resource: STRING,
    record_id: INTEGER,
    version: INTEGER,
    action: { enum: [...REVISION_ACTIONS] },
    administrator: nullable(objectOf({ id: INTEGER, name: nullable(STRING) })),
    label: nullable(STRING),
    at: DATE_TIME,
    changes: { type: 'object', additionalProperties: ANY },
    screen: nullable(objectOf({ name: STRING, version: INTEGER })),
    restored_from: nullable(INTEGER),
    record_exists: BOOLEAN,
  },
  { optional: ['record_exists'] },
);

/** A record's history: its revisions, newest first, and its version now (what a restore sends back). */
export const RECORD_HISTORY_ANSWER = objectOf({
  data: { type: 'array', items: REVISION_ANSWER },
  meta: objectOf({ ...PAGE_META.properties, record_version: INTEGER, record_exists: { type: 'boolean' } }),
});

/** The activity of every record: bounded count (`total_exact`, as the reading sheets' list). */
export const ACTIVITY_ANSWER = objectOf({
  data: { type: 'array', items: REVISION_ANSWER },
  meta: objectOf({ ...PAGE_META.properties, total_exact: { type: 'boolean' } }),
});

/** A restore's answer: the record as saved, and the changed fields it could not bring back (their own actions change them, or files). */
export const RESTORE_ANSWER = objectOf({ message: STRING, data: { type: 'object' }, skipped: { type: 'array', items: STRING } });

/** A stale restore's 409: what changed since the version it was asked from, field by field, and by whom. */
export interface StaleRestoreAnswer {
  message: string;
  /** From the record at the version asked to the record now. */
  changes: Changes;
  /** The revisions in between, oldest first. */
  revisions: RevisionAnswer[];
}

/** Every 409 of a restore: a stale one carries the changes in between; another (a record in use) only its message. */
export const STALE_RESTORE_ANSWER = objectOf(
  { message: STRING, changes: { type: 'object', additionalProperties: ANY }, revisions: { type: 'array', items: REVISION_ANSWER } },
  { optional: ['changes', 'revisions'] },
);
