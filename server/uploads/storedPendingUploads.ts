import type { Db } from '../db/client.js';
import { pendingUploadRepository } from '../db/repositories/engine/pendingUploadRepository.js';
import { HttpError } from '../http/errors.js';
import { UPLOAD_EXPIRED_MESSAGE, type PendingUploads } from './PendingUploads.js';

/** Default age past which a pending upload is abandoned (UPLOAD_CLEANUP_AGE_MS). */
const DEFAULT_UPLOAD_CLEANUP_AGE_MS = 5 * 60_000;

/** How often a request still streaming refreshes its pending keys, for a cleanup age: a third of it. */
const refreshIntervalFor = (cleanupAgeMs: number): number => Math.max(100, Math.floor(cleanupAgeMs / 3));

/** The pending uploads of `pending_uploads` (docs/files.md, "Uploads and their records"). */
export function createPendingUploads(db: Db, { cleanupAgeMs = DEFAULT_UPLOAD_CLEANUP_AGE_MS }: { cleanupAgeMs?: number } = {}): PendingUploads {
  return {
    add: (key) => pendingUploadRepository.add(db, key),
    refresh: (keys) => pendingUploadRepository.refresh(db, keys),
    forget: async (keys) => {
      await pendingUploadRepository.forget(db, keys);
    },
    refreshMs: refreshIntervalFor(cleanupAgeMs),
  };
}

/**
 * Turns uploads into kept files, in the transaction `tx` that saves the record referring to
 * them: their pending rows are deleted, so the cleanup no longer sees them as abandoned. A key
 * that is no longer pending was collected by the cleanup (its file is gone): 409, and the
 * transaction rolls back.
 */
export async function keepUploads(tx: Db, keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)];
  const kept = await pendingUploadRepository.forget(tx, unique);
  if (kept.length < unique.length) throw new HttpError(409, UPLOAD_EXPIRED_MESSAGE);
}
