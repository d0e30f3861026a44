import { and, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Changes } from '../../../../common/recordChanges.js';
import type { Db } from '../../client.js';
import { administrators, recordHeads, recordRevisions } from '../../schema/index.js';
import { rowsOf } from './rowsOf.js';

/** A revision as the history's answers carry it. */
export interface RevisionRow {
  id: number;
  resource: string;
  recordId: number;
  version: number;
  action: string;
  administratorId: number | null;
  administratorName: string | null;
  label: string | null;
  at: Date;
  changes: Changes;
  screenVersion: number | null;
  restoredFrom: number | null;
}

/** What a write adds to a record's history. */
export interface NewRevision {
  resource: string;
  recordId: number;
  action: 'create' | 'update' | 'delete';
  administratorId: number | null;
  label: string | null;
  changes: Changes;
  screenVersion: number | null;
  restoredFrom?: number | null;
}

/**
 * Marks the transaction's writes as the app's (the outside-change trigger of migration 0015 skips
 * them): `recorded` by the write path, `off` for seeds and loaders, whose rows are nobody's change.
 */
export async function markAppWrites(tx: Db, how: 'recorded' | 'off'): Promise<void> {
  await tx.execute(sql`select set_config('app.history', ${how}, true)`);
}

/**
 * Adds a revision, moving the record's version on in the same statement (the head row queues two
 * writes of one record, so versions never repeat); clears the head's outside mark. Its id and version.
 */
export async function insertRevision(tx: Db, revision: NewRevision): Promise<{ id: number; version: number }> {
  const [row] = rowsOf<{ id: number; version: number }>(
    await tx.execute(sql`
      with head as (
        insert into ${recordHeads} as h (resource, record_id, version, outside) values (${revision.resource}, ${revision.recordId}, 1, false)
        on conflict (resource, record_id) do update set version = h.version + 1, outside = false
        returning version
      )
      insert into ${recordRevisions} (resource, record_id, version, action, administrator_id, label, changes, screen_version, restored_from)
      select ${revision.resource}, ${revision.recordId}, head.version, ${revision.action}, ${revision.administratorId}, ${revision.label}, ${JSON.stringify(revision.changes)}::jsonb, ${revision.screenVersion}, ${revision.restoredFrom ?? null}
      from head
      returning id::float8 as id, version`),
  );
  return { id: Number(row!.id), version: Number(row!.version) };
}

/** The record's version now (0 before its first revision), its head locked until the transaction ends. */
export async function lockedVersion(tx: Db, resource: string, recordId: number): Promise<number> {
  const [row] = await tx
    .select({ version: recordHeads.version })
    .from(recordHeads)
    .where(and(eq(recordHeads.resource, resource), eq(recordHeads.recordId, recordId)))
    .for('update');
  return row?.version ?? 0;
}

/** The record's version now (0 before its first revision). */
export async function currentVersion(db: Db, resource: string, recordId: number): Promise<number> {
  const [row] = await db
    .select({ version: recordHeads.version })
    .from(recordHeads)
    .where(and(eq(recordHeads.resource, resource), eq(recordHeads.recordId, recordId)));
  return row?.version ?? 0;
}

const revisionColumns = {
  id: recordRevisions.id,
  resource: recordRevisions.resource,
  recordId: recordRevisions.recordId,
  version: recordRevisions.version,
  action: recordRevisions.action,
  administratorId: recordRevisions.administratorId,
  administratorName: sql<string | null>`trim(${administrators.firstname} || ' ' || ${administrators.lastname})`,
  label: recordRevisions.label,
  at: recordRevisions.at,
  changes: recordRevisions.changes,
  screenVersion: recordRevisions.screenVersion,
  restoredFrom: recordRevisions.restoredFrom,
};

const selectRevisions = (db: Db) =>
  db.select(revisionColumns).from(recordRevisions).leftJoin(administrators, eq(administrators.id, recordRevisions.administratorId));

/** One revision, or undefined. */
export async function findRevision(db: Db, id: number): Promise<RevisionRow | undefined> {
  const [row] = await selectRevisions(db).where(eq(recordRevisions.id, id));
  return row as RevisionRow | undefined;
}

/** A record's revisions, newest first: a page, and how many there are. */
export async function recordRevisionPage(
  db: Db,
  resource: string,
  recordId: number,
  page: { offset: number; perPage: number },
): Promise<{ rows: RevisionRow[]; total: number }> {
  const where = and(eq(recordRevisions.resource, resource), eq(recordRevisions.recordId, recordId));
  const [rows, [counted]] = await Promise.all([
    selectRevisions(db).where(where).orderBy(desc(recordRevisions.at), desc(recordRevisions.id)).limit(page.perPage).offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(recordRevisions)
      .where(where),
  ]);
  return { rows: rows as RevisionRow[], total: Number(counted?.n ?? 0) };
}

/** The record's revisions after `version`, oldest first (what changed since a restore's reading). */
export async function revisionsAfter(db: Db, resource: string, recordId: number, version: number): Promise<RevisionRow[]> {
  return (await selectRevisions(db)
    .where(and(eq(recordRevisions.resource, resource), eq(recordRevisions.recordId, recordId), gt(recordRevisions.version, version)))
    .orderBy(recordRevisions.version)) as RevisionRow[];
}

/** The filters of the global activity. */
export interface ActivityFilter {
  administratorId?: number;
  resource?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/** The activity counts up to this many rows, then says "more" (PageMeta `total_exact`). */
const ACTIVITY_COUNT_BOUND = 10_000;

/** Every record's revisions, newest first, filtered: a page, and the count (bounded). */
export async function activityPage(
  db: Db,
  filter: ActivityFilter,
  page: { offset: number; perPage: number },
): Promise<{ rows: RevisionRow[]; total: number; exact: boolean }> {
  const conditions: SQL[] = [];
  if (filter.administratorId !== undefined) conditions.push(eq(recordRevisions.administratorId, filter.administratorId));
  if (filter.resource !== undefined) conditions.push(eq(recordRevisions.resource, filter.resource));
  if (filter.from) conditions.push(gte(recordRevisions.at, filter.from));
  if (filter.to) conditions.push(lt(recordRevisions.at, filter.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, counted] = await Promise.all([
    selectRevisions(db).where(where).orderBy(desc(recordRevisions.at), desc(recordRevisions.id)).limit(page.perPage).offset(page.offset),
    db.execute(
      sql`select count(*)::int as n from (select 1 from ${recordRevisions} ${where ? sql`where ${where}` : sql``} limit ${ACTIVITY_COUNT_BOUND + 1}) bounded`,
    ),
  ]);
  const n = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  return { rows: rows as RevisionRow[], total: Math.min(n, ACTIVITY_COUNT_BOUND), exact: n <= ACTIVITY_COUNT_BOUND };
}

/** Deletes up to `batch` revisions older than `before`; how many went (the retention job repeats until 0). */
export async function pruneRevisions(db: Db, before: Date, batch: number): Promise<number> {
  const result = await db.execute(
    sql`delete from ${recordRevisions} where id in (select id from ${recordRevisions} where ${lte(recordRevisions.at, before)} order by ${recordRevisions.at} limit ${batch})`,
  );
  return Number((result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);
}
