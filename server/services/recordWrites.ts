import type { Db } from '../db/client.js';
import { currentRequest } from '../http/requestContext.js';
import type { AfterCommit } from '../resources/types.js';

export type { AfterCommit } from '../resources/types.js';

/** What a write did to one record. */
export type WriteAction = 'create' | 'update' | 'delete';

/** One write of one record, as its observers see it, inside its transaction. */
export interface RecordWrite {
  /** The resource's API name (`contacts`, `books` for the reading sheets). */
  resource: string;
  action: WriteAction;
  id: number;
  /** The administrator whose request wrote it; null outside a request (scripts, jobs). */
  administratorId: number | null;
}

/**
 * Told of every write, in the write's transaction, after the record's rows are written: what it
 * writes commits or rolls back with the record (the history of changes hangs here). A throw
 * refuses the write.
 */
export type WriteObserver = (tx: Db, write: RecordWrite) => Promise<void>;


/**
 * A write as a resource's store (or the reading sheet's save) does it, inside the path's
 * transaction: its result, and the id of the record written (undefined when there was no such
 * record: nothing was written, nothing is observed).
 */
export interface WriteStep<T> {
  resource: string;
  action: WriteAction;
  run(tx: Db, afterCommit: AfterCommit): Promise<{ id: number | undefined; result: T }>;
}

export interface WriteOptions {
  /**
   * Runs the whole write, rules and database checks included, then rolls it back: what the save
   * would refuse is refused, nothing is kept, no observer is told and no after-commit work runs
   * (the studio preview's save).
   */
  dryRun?: boolean;
}

/** The one path of every create, update and delete of a record. */
export interface RecordWrites {
  /** Opens the transaction, runs the step (the resource's rules and writes), tells the observers, commits, then runs the after-commit work. */
  write<T>(step: WriteStep<T>, options?: WriteOptions): Promise<T>;
  /** Adds an observer of every write from now on; returns its removal. */
  observe(observer: WriteObserver): () => void;
}

/** Thrown to roll a dry run back, carrying its result out of the transaction. */
class RolledBack<T> extends Error {
  constructor(readonly result: T) {
    super('dry run rolled back');
  }
}

/**
 * The record writes of one app: every resource service and the reading sheet's save write through
 * it, so that the history, bulk actions and the studio's checks see each write the same way.
 */
export function createRecordWrites(db: Db, log?: { warn(obj: object, msg: string): void }): RecordWrites {
  const observers = new Set<WriteObserver>();
  return {
    async write<T>(step: WriteStep<T>, options: WriteOptions = {}): Promise<T> {
      const tasks: (() => Promise<unknown>)[] = [];
      const administratorId = currentRequest()?.administratorId ?? null;
      let result: T;
      try {
        result = await db.transaction(async (tx) => {
          const done = await step.run(tx, (task) => tasks.push(task));
          if (options.dryRun) throw new RolledBack(done.result);
          if (done.id !== undefined) {
            for (const observer of observers) await observer(tx, { resource: step.resource, action: step.action, id: done.id, administratorId });
          }
          return done.result;
        });
      } catch (error) {
        if (error instanceof RolledBack) return error.result as T;
        throw error;
      }
      // The rows are committed: a task that fails now (a file left on disk) is logged, the write stands.
      for (const task of tasks) {
        await task().catch((error: unknown) => log?.warn({ err: error, resource: step.resource }, 'work after a committed write failed'));
      }
      return result;
    },
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
  };
}
