import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { pruneRevisions } from '../db/repositories/engine/historyRepository.js';
import { createPeriodicLoop } from './periodicLoop.js';

/** A day: the retention runs once a day (and at start). */
export const HISTORY_RETENTION_INTERVAL_MS = 24 * 3_600_000;

/** Revisions deleted per statement: short transactions, no long lock on the history. */
export const HISTORY_PRUNE_BATCH = 5_000;

export interface HistoryRetentionOptions {
  db: Db;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Revisions older than this many days go. */
  days: number;
  /** The clock, in epoch milliseconds (default `Date.now`). */
  now?: () => number;
  batch?: number;
}

export interface HistoryRetention {
  start(): void;
  stop(): Promise<void>;
  /** One run: every revision past the retention deleted, batch after batch; how many went. */
  runOnce(): Promise<number>;
}

/**
 * The retention of the records' history (HISTORY_RETENTION_DAYS, docs/record-history.md): a daily
 * loop deleting the revisions older than the period, in batches, until none is left; it stops
 * between two batches when the server stops. Every instance runs it; the deletes are idempotent.
 */
export function createHistoryRetention({ db, log, days, now = Date.now, batch = HISTORY_PRUNE_BATCH }: HistoryRetentionOptions): HistoryRetention {
  const loop = createPeriodicLoop({
    run: () => runOnce(),
    intervalMs: HISTORY_RETENTION_INTERVAL_MS,
    onError: (error) => log.error({ err: error }, 'history retention run failed; trying again tomorrow'),
  });

  async function runOnce(): Promise<number> {
    const before = new Date(now() - days * 24 * 3_600_000);
    let pruned = 0;
    for (;;) {
      const deleted = await pruneRevisions(db, before, batch);
      pruned += deleted;
      if (deleted < batch || loop.stopping) break;
    }
    if (pruned > 0) log.info({ pruned, before: before.toISOString() }, 'history retention: older revisions deleted');
    return pruned;
  }

  return { start: () => loop.start(), stop: () => loop.stop(), runOnce };
}

/** Starts the retention the configuration asks for, none when HISTORY_RETENTION_DAYS is unset (server/main.ts). */
export function startHistoryRetention(options: {
  db: Db;
  config: Pick<Config, 'historyRetentionDays'>;
  log: HistoryRetentionOptions['log'];
}): HistoryRetention | undefined {
  if (options.config.historyRetentionDays === undefined) return undefined;
  const retention = createHistoryRetention({ db: options.db, log: options.log, days: options.config.historyRetentionDays });
  retention.start();
  return retention;
}
