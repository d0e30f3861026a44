import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { bulkJobs } from '../schema/bulkJobs.js';

export type BulkJobRow = typeof bulkJobs.$inferSelect;

/** Starts a job's row: running, nothing done yet. */
export async function insertBulkJob(db: Db, job: { screen: string; request: object; administratorId: number; total: number }): Promise<BulkJobRow> {
  const [row] = await db.insert(bulkJobs).values(job).returning();
  return row!;
}

/** Writes how far a job is (its counts and refused rows so far), and its state when it ends. */
export async function updateBulkJob(db: Db, id: number, progress: { done: number; refused: number; refusedRows: object[]; state?: string; message?: string | null }): Promise<void> {
  await db
    .update(bulkJobs)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(eq(bulkJobs.id, id));
}

/** One job of its administrator's, with how long ago its server last wrote to it (seconds). */
export async function findBulkJob(db: Db, id: number, administratorId: number): Promise<(BulkJobRow & { quietSeconds: number }) | undefined> {
  const [row] = await db
    .select({ job: bulkJobs, quietSeconds: sql<number>`extract(epoch from now() - ${bulkJobs.updatedAt})::float8` })
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.administratorId, administratorId)));
  return row && { ...row.job, quietSeconds: Number(row.quietSeconds) };
}
