import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { cleanUploads, type CleanupLog, type UploadCleanupRun } from '../uploads/uploadCleanup.js';
import { createStorage, LocalDiskStorage, type Storage } from '../storage/index.js';
import { createPeriodicLoop } from './periodicLoop.js';

export interface UploadCleanupLoopOptions {
  db: Db;
  storage: Storage;
  log: CleanupLog & { error(obj: object, msg: string): void };
  /** Pause between two runs (UPLOAD_CLEANUP_INTERVAL_MS). */
  intervalMs: number;
  /** UPLOAD_CLEANUP_AGE_MS. */
  maxAgeMs: number;
}

export interface UploadCleanupLoop {
  /** Starts the loop: a run now, then one every `intervalMs`. */
  start(): void;
  /** Stops the loop; the run under way ends at its next batch and is waited for. */
  stop(): Promise<void>;
  /** One run (the loop's, and tests'). */
  runOnce(): Promise<UploadCleanupRun>;
}

/**
 * The upload cleanup loop (docs/files.md, "Uploads and their records"): a periodic loop, one run at
 * a time, the first as soon as it starts. A failing run (database down, storage
 * unreachable) is logged and the loop goes on. Each run also sweeps the local disk's stale
 * temporary writes, which otherwise only go at start.
 */
export function createUploadCleanup({ db, storage, log, intervalMs, maxAgeMs }: UploadCleanupLoopOptions): UploadCleanupLoop {
  const loop = createPeriodicLoop({
    run: () => runOnce(),
    intervalMs,
    onError: (error) => log.error({ err: error }, 'upload cleanup run failed; trying again at the next tick'),
  });

  async function runOnce(): Promise<UploadCleanupRun> {
    const run = await cleanUploads({ db, storage, maxAgeMs, log, shouldStop: () => loop.stopping });
    if (storage instanceof LocalDiskStorage && !loop.stopping) await storage.sweepTemp();
    return run;
  }

  return { start: () => loop.start(), stop: () => loop.stop(), runOnce };
}

/**
 * Creates and starts the cleanup loop the configuration describes (server/main.ts). `storage`
 * is the process's own (`app.storage`); without it one is built from the configuration.
 */
export function startUploadCleanup(options: {
  db: Db;
  config: Pick<Config, 'dataDir' | 's3' | 'uploadCleanupAgeMs' | 'uploadCleanupIntervalMs'>;
  log: UploadCleanupLoopOptions['log'];
  storage?: Storage;
}): UploadCleanupLoop {
  const { config } = options;
  const loop = createUploadCleanup({
    db: options.db,
    storage: options.storage ?? createStorage(config),
    log: options.log,
    intervalMs: config.uploadCleanupIntervalMs,
    maxAgeMs: config.uploadCleanupAgeMs,
  });
  loop.start();
  return loop;
}
