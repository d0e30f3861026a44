import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client.js';

/**
 * Work that commits or rolls back with a write it did not make: a bulk job's mark that a row is
 * done goes in the row's own transaction (docs/bulk-actions.md), so that no crash can leave the
 * row written and not counted, or counted and not written.
 */
export interface WriteCompanion {
  /** Runs in the transaction of the first write made inside `withWriteCompanion`, after the write's rows and observers; a throw rolls the write back. */
  join(tx: Db): Promise<void>;
  /** True once a write it joined has committed. */
  joined: boolean;
}

const storage = new AsyncLocalStorage<WriteCompanion>();

/** Runs `run` with `companion` joining the first write it makes through the one write path (server/engine/recordWrites.ts). */
export function withWriteCompanion<T>(companion: WriteCompanion, run: () => Promise<T>): Promise<T> {
  return storage.run(companion, run);
}

/** The companion of the write being made, if one is waiting for its first committed write. */
export function waitingCompanion(): WriteCompanion | undefined {
  const companion = storage.getStore();
  return companion && !companion.joined ? companion : undefined;
}
