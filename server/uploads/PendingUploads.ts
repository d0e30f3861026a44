/**
 * The bookkeeping that keeps an upload from outliving a save that failed or never finished
 * (docs/files.md, "Uploads and their records"): each key is recorded as pending before its file is
 * written, and forgotten in the transaction that saves the record referring to it. The
 * database-backed implementation is `createPendingUploads` (server/uploads/storedPendingUploads.ts).
 */
export interface PendingUploads {
  /** Records `key` as pending; called before its file is written, so that a crash right after leaves a trace. */
  add(key: string): Promise<void>;
  /**
   * Dates `keys` now again, while their request still streams (a long video must not age its
   * request's first files past the cleanup's limit); returns how many are still pending.
   */
  refresh(keys: readonly string[]): Promise<number>;
  /** Forgets keys whose files were removed (or never written). */
  forget(keys: readonly string[]): Promise<void>;
  /** How often a request that is still streaming refreshes its keys: well under the cleanup's age. */
  readonly refreshMs: number;
}

/** The 409 answered when a request's uploads were collected as abandoned before their record was saved. */
export const UPLOAD_EXPIRED_MESSAGE = 'The upload took too long to be saved. Send the files again.';
