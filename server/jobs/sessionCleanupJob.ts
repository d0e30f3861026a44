import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { cleanSessions, type SessionCleanupRun } from '../auth/sessionCleanup.js';
import { createPeriodicLoop } from './periodicLoop.js';

/** The logger calls the loop makes (a pino / Fastify logger fits). */
export interface SessionCleanupLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SessionCleanupLoopOptions {
  db: Db;
  log: SessionCleanupLog;
  /** Pause between two runs (SESSION_CLEANUP_INTERVAL_MS). */
  intervalMs: number;
  /** The clock, in epoch milliseconds (default `Date.now`). */
  now?: () => number;
}

export interface SessionCleanupLoop {
  /** Starts the loop: a run now, then one every `intervalMs`. */
  start(): void;
  /** Stops the loop and waits for the run under way. */
  stop(): Promise<void>;
  /** One run (the loop's, and tests'). */
  runOnce(): Promise<SessionCleanupRun>;
}

/**
 * The session cleanup loop (docs/security.md, "Sessions"): a periodic loop, the first run as soon
 * as it starts. Every instance runs its own; the deletes are idempotent. A failing run is logged
 * and the loop goes on.
 */
export function createSessionCleanup({ db, log, intervalMs, now = Date.now }: SessionCleanupLoopOptions): SessionCleanupLoop {
  const loop = createPeriodicLoop({
    run: () => runOnce(),
    intervalMs,
    onError: (error) => log.error({ err: error }, 'session cleanup run failed; trying again at the next tick'),
  });

  async function runOnce(): Promise<SessionCleanupRun> {
    const run = await cleanSessions(db, new Date(now()));
    if (run.sessions > 0 || run.knownClients > 0) log.info({ ...run }, 'session cleanup: ended sessions and stale login clients deleted');
    return run;
  }

  return { start: () => loop.start(), stop: () => loop.stop(), runOnce };
}

/** Creates and starts the cleanup loop the configuration describes (server/main.ts). */
export function startSessionCleanup(options: { db: Db; config: Pick<Config, 'sessionCleanupIntervalMs'>; log: SessionCleanupLog }): SessionCleanupLoop {
  const loop = createSessionCleanup({ db: options.db, log: options.log, intervalMs: options.config.sessionCleanupIntervalMs });
  loop.start();
  return loop;
}
