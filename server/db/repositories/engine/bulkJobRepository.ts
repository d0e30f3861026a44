import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { bulkJobRows, bulkJobs } from '../../schema/bulkJobs.js';
import { rowsOf } from './rowsOf.js';

export type BulkJobRow = typeof bulkJobs.$inferSelect;

/** A job's row, with how long ago its server last wrote to it (seconds). */
export type BulkJobRead = BulkJobRow & { quietSeconds: number };

/** What the job's rows say: how many are done and refused, and the refused ones in the order of the job's ids. */
export interface BulkJobProgress {
  done: number;
  refused: number;
  refusedRows: { recordId: number; label: string | null; message: string | null; errors: unknown }[];
}

const quietSeconds = sql<number>`extract(epoch from now() - ${bulkJobs.updatedAt})::float8`;

/** Starts a job's row: running in `runner`, nothing handled yet. */
export async function insertBulkJob(
  db: Db,
  job: { screen: string; request: object; administratorId: number; ids: number[]; runner: string },
): Promise<BulkJobRow> {
  const [row] = await db
    .insert(bulkJobs)
    .values({ ...job, total: job.ids.length })
    .returning();
  return row!;
}

/**
 * Marks one row of a job handled, in the transaction given (the row's own, for a done row), if
 * the job is still running in `runner` and the row is not marked yet. False otherwise: the job was
 * taken over or ended meanwhile, and the caller rolls the row's write back.
 */
export async function markBulkJobRow(
  tx: Db,
  row: { jobId: number; runner: string; position: number; recordId: number; done: boolean; label?: string | null; message?: string | null; errors?: unknown },
): Promise<boolean> {
  const { jobId, runner, position, recordId, done } = row;
  const marked = await tx.execute(sql`
    insert into ${bulkJobRows} (job_id, position, record_id, done, label, message, errors)
    select ${jobId}, ${position}, ${recordId}, ${done}, ${row.label ?? null}, ${row.message ?? null}, ${row.errors === undefined ? null : JSON.stringify(row.errors)}::jsonb
    where exists (select 1 from ${bulkJobs} where id = ${jobId} and runner = ${runner} and state = 'running')
    on conflict do nothing
    returning position`);
  return rowsOf(marked).length > 0;
}

/** A row marked done whose write was then refused (a second write of the row): refused, with its reason. */
export async function markBulkJobRowRefused(
  db: Db,
  jobId: number,
  position: number,
  refusal: { label: string | null; message: string | null; errors?: unknown },
): Promise<void> {
  await db
    .update(bulkJobRows)
    .set({ done: false, label: refusal.label, message: refusal.message, errors: refusal.errors ?? null })
    .where(and(eq(bulkJobRows.jobId, jobId), eq(bulkJobRows.position, position)));
}

/** The counts of a job's handled rows and its refused ones. */
export async function bulkJobProgress(db: Db, jobId: number): Promise<BulkJobProgress> {
  const [counts] = await db
    .select({ done: sql<number>`count(*) filter (where ${bulkJobRows.done})::int`, refused: sql<number>`count(*) filter (where not ${bulkJobRows.done})::int` })
    .from(bulkJobRows)
    .where(eq(bulkJobRows.jobId, jobId));
  const refusedRows = counts!.refused
    ? await db
        .select({ recordId: bulkJobRows.recordId, label: bulkJobRows.label, message: bulkJobRows.message, errors: bulkJobRows.errors })
        .from(bulkJobRows)
        .where(and(eq(bulkJobRows.jobId, jobId), eq(bulkJobRows.done, false)))
        .orderBy(asc(bulkJobRows.position))
    : [];
  return { done: Number(counts!.done), refused: Number(counts!.refused), refusedRows };
}

/** The positions of the rows a job has handled (done or refused). */
export async function handledPositions(db: Db, jobId: number): Promise<Set<number>> {
  const rows = await db.select({ position: bulkJobRows.position }).from(bulkJobRows).where(eq(bulkJobRows.jobId, jobId));
  return new Set(rows.map((row) => row.position));
}

/** One job of its administrator's. */
export async function findBulkJob(db: Db, id: number, administratorId: number): Promise<BulkJobRead | undefined> {
  const [row] = await db
    .select({ job: bulkJobs, quietSeconds })
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.administratorId, administratorId)));
  return row && { ...row.job, quietSeconds: Number(row.quietSeconds) };
}

/** Ends a job its runner ran (finished, failed or interrupted); nothing when it is no longer the runner's. */
export async function endBulkJob(db: Db, id: number, runner: string, state: 'finished' | 'failed' | 'interrupted'): Promise<void> {
  await db
    .update(bulkJobs)
    .set({ state, runner: null, updatedAt: sql`now()` })
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.runner, runner), eq(bulkJobs.state, 'running')));
}

/** The runner's heartbeat on its jobs: returns those still its own and running (another was taken over or ended). */
export async function beatBulkJobs(db: Db, runner: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(bulkJobs)
    .set({ updatedAt: sql`now()` })
    .where(and(inArray(bulkJobs.id, [...ids]), eq(bulkJobs.runner, runner), eq(bulkJobs.state, 'running')))
    .returning({ id: bulkJobs.id });
  return new Set(rows.map((row) => row.id));
}

/**
 * Takes a job to run again in `runner`: one of the administrator's that was interrupted or failed,
 * or that is marked running though its server has not written to it for `lostAfterSeconds` or is
 * `goneRunner`, a process known to be gone. Undefined when it is not such a job (running,
 * finished, taken by a resume meanwhile, another's, none).
 */
export async function claimBulkJob(
  db: Db,
  id: number,
  administratorId: number,
  runner: string,
  { lostAfterSeconds, goneRunner }: { lostAfterSeconds: number; goneRunner?: string | null | undefined },
): Promise<BulkJobRow | undefined> {
  const silent = lt(bulkJobs.updatedAt, sql`now() - make_interval(secs => ${lostAfterSeconds})`);
  const [row] = await db
    .update(bulkJobs)
    .set({ state: 'running', runner, updatedAt: sql`now()` })
    .where(
      and(
        eq(bulkJobs.id, id),
        eq(bulkJobs.administratorId, administratorId),
        or(
          inArray(bulkJobs.state, ['interrupted', 'failed']),
          and(eq(bulkJobs.state, 'running'), goneRunner ? or(silent, eq(bulkJobs.runner, goneRunner)) : silent),
        ),
      ),
    )
    .returning();
  return row;
}

/** The jobs marked running, with their runner and how long they have been silent. */
export async function runningBulkJobs(db: Db): Promise<{ id: number; runner: string | null; quietSeconds: number }[]> {
  const rows = await db.select({ id: bulkJobs.id, runner: bulkJobs.runner, quietSeconds }).from(bulkJobs).where(eq(bulkJobs.state, 'running'));
  return rows.map((row) => ({ ...row, quietSeconds: Number(row.quietSeconds) }));
}

/** Marks these jobs interrupted, if they are still marked running (their server is gone). */
export async function interruptBulkJobs(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(bulkJobs)
    .set({ state: 'interrupted', runner: null })
    .where(and(inArray(bulkJobs.id, [...ids]), eq(bulkJobs.state, 'running')))
    .returning({ id: bulkJobs.id });
  return rows.length;
}
