import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { cleanUploads, type CleanupLog, type UploadCleanupRun } from '../services/uploadCleanup.js';
import { createStorage, LocalDiskStorage, type Storage } from '../storage/index.js';

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
 * The upload cleanup loop (docs/files.md, "Uploads and their records"): an in-process timer, one
 * run at a time, the first as soon as it starts. A failing run (database down, storage
 * unreachable) is logged and the loop goes on. Each run also sweeps the local disk's stale
 * temporary writes, which otherwise only go at start.
 */
export function createUploadCleanup({ db, storage, log, intervalMs, maxAgeMs }: UploadCleanupLoopOptions): UploadCleanupLoop {
  let stopped = true;
  /** Set by stop(): the run under way ends at its next batch. */
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;

  async function runOnce(): Promise<UploadCleanupRun> {
    const run = await cleanUploads({ db, storage, maxAgeMs, log, shouldStop: () => stopping });
    if (storage instanceof LocalDiskStorage && !stopping) await storage.sweepTemp();
    return run;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => void tick(), delayMs);
  }

  async function tick(): Promise<void> {
    timer = undefined;
    current = runOnce().catch((error: unknown) => log.error({ err: error }, 'upload cleanup run failed; trying again at the next tick'));
    await current;
    current = undefined;
    schedule(intervalMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      await current;
    },
    runOnce,
  };
}

/** Creates and starts the cleanup loop the configuration describes (server/main.ts). */
export function startUploadCleanup(options: {
  db: Db;
  config: Pick<Config, 'dataDir' | 'uploadCleanupAgeMs' | 'uploadCleanupIntervalMs'>;
  log: UploadCleanupLoopOptions['log'];
}): UploadCleanupLoop {
  const { config } = options;
  const loop = createUploadCleanup({
    db: options.db,
    storage: createStorage(config),
    log: options.log,
    intervalMs: config.uploadCleanupIntervalMs,
    maxAgeMs: config.uploadCleanupAgeMs,
  });
  loop.start();
  return loop;
}
