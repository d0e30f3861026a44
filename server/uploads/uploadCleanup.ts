import type { Db } from '../db/client.js';
import { pendingUploadRepository } from '../db/repositories/engine/pendingUploadRepository.js';
import { keysInUse, KEYS_PER_CHECK, STORED_FILE_FOLDERS } from '../db/repositories/sheets/storedFileRepository.js';
import type { Storage } from '../storage/Storage.js';

/** The logger calls a cleanup makes (a pino / Fastify logger fits). */
export interface CleanupLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface UploadCleanupOptions {
  db: Db;
  storage: Storage;
  /** Age past which a pending upload is abandoned, and an unreferenced file may go (UPLOAD_CLEANUP_AGE_MS). */
  maxAgeMs: number;
  log?: CleanupLog;
  /** Checked between batches: a stopping server ends the run early (the next one goes on). */
  shouldStop?: () => boolean;
}

/** What one run removed. */
export interface UploadCleanupRun {
  /** Files of pending uploads older than the age (a failed save, a dead process). */
  abandoned: number;
  /** Files older than the age that no record refers to and that are not pending. */
  unreferenced: number;
}

/**
 * One pass of the upload cleanup (docs/files.md, "Uploads and their records"):
 * 1. pending uploads older than `maxAgeMs` are claimed (their rows deleted, by the database
 *    clock) and their files removed. A save committing meanwhile keeps its row locked and is
 *    skipped; one committing after the claim finds its row gone and rolls back (409).
 * 2. in the folders of the declared file columns (STORED_FILE_COLUMNS), files last written more
 *    than `maxAgeMs` ago that no record refers to and that are not pending are removed: what a
 *    claim or a replaced-file removal interrupted by a crash left behind.
 * Idempotent and safe to run from several processes at once: a file already gone counts as done.
 * Only keys under the declared folders are touched; writes in progress are never listed.
 */
export async function cleanUploads({ db, storage, maxAgeMs, log, shouldStop = () => false }: UploadCleanupOptions): Promise<UploadCleanupRun> {
  const run: UploadCleanupRun = { abandoned: 0, unreferenced: 0 };

  async function remove(key: string, what: keyof UploadCleanupRun): Promise<void> {
    try {
      if (await storage.remove(key)) run[what] += 1;
    } catch (error) {
      // A claimed key whose file stays is unreferenced from now on: step 2 of a later run retries.
      log?.warn({ err: error, key }, 'could not remove an upload no record keeps');
    }
  }

  for (;;) {
    const claimed = await pendingUploadRepository.claimStale(db, { maxAgeMs, limit: KEYS_PER_CHECK });
    for (const key of claimed) await remove(key, 'abandoned');
    if (claimed.length < KEYS_PER_CHECK || shouldStop()) break;
  }

  async function sweep(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const inUse = await keysInUse(db, keys);
    for (const key of keys) if (!inUse.has(key)) await remove(key, 'unreferenced');
  }

  for (const folder of STORED_FILE_FOLDERS) {
    let batch: string[] = [];
    for await (const entry of storage.list(folder)) {
      if (shouldStop()) return run;
      // The cutoff follows the clock during a long walk: a file younger than the age is never removed.
      if (Date.now() - entry.modifiedAt.getTime() <= maxAgeMs) continue;
      batch.push(entry.key);
      if (batch.length === KEYS_PER_CHECK) {
        await sweep(batch);
        batch = [];
      }
    }
    await sweep(batch);
  }
  if (run.abandoned + run.unreferenced > 0) log?.info({ ...run }, 'removed uploads no record keeps');
  return run;
}
