import { asc, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { pendingUploads } from '../../schema/index.js';

const seconds = (ms: number) => sql`make_interval(secs => ${Math.max(0, ms) / 1000})`;

/**
 * Uploads written (or being written) to storage whose record is not committed yet
 * (`pending_uploads`, docs/files.md). Ages come from the database clock, shared by every process.
 */
export const pendingUploadRepository = {
  /** Records a key as pending, dated now; done before its file is written. */
  async add(db: Db, key: string): Promise<void> {
    await db.insert(pendingUploads).values({ key });
  },

  /**
   * Dates the rows of `keys` now again (a request still streaming its files) and returns how many
   * were found. A key missing here was collected by the cleanup: its file is gone or going.
   */
  async refresh(db: Db, keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const rows = await db
      .update(pendingUploads)
      .set({ createdAt: sql`now()` })
      .where(inArray(pendingUploads.key, [...keys]))
      .returning({ key: pendingUploads.key });
    return rows.length;
  },

  /**
   * Deletes the rows of `keys` and returns the keys that were pending. In the transaction that
   * saves the record referring to them, this is what turns an upload into a kept file.
   */
  async forget(db: Db, keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await db
      .delete(pendingUploads)
      .where(inArray(pendingUploads.key, [...keys]))
      .returning({ key: pendingUploads.key });
    return rows.map((row) => row.key);
  },

  /**
   * Claims up to `limit` rows older than `maxAgeMs`: deletes and returns them, oldest first, so
   * their files can be removed. `FOR UPDATE SKIP LOCKED` passes over a row a save is deleting in
   * its open transaction (it wins), and lets several processes share the work without blocking.
   */
  async claimStale(db: Db, { maxAgeMs, limit }: { maxAgeMs: number; limit: number }): Promise<string[]> {
    const stale = db
      .select({ key: pendingUploads.key })
      .from(pendingUploads)
      .where(lt(pendingUploads.createdAt, sql`now() - ${seconds(maxAgeMs)}`))
      .orderBy(asc(pendingUploads.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await db.delete(pendingUploads).where(inArray(pendingUploads.key, stale)).returning({ key: pendingUploads.key });
    return rows.map((row) => row.key);
  },
};
