import { diffSnapshots, type Changes, type Snapshot } from '../../common/recordChanges.js';
import type { Db } from '../db/client.js';
import { insertRevision, lockedVersion, markAppWrites, revisionsAfter, type RevisionRow } from '../db/repositories/engine/historyRepository.js';
import { currentRequest } from '../http/requestContext.js';
import type { AfterCommit } from './resourceTypes.js';
import { recordLabel, type HistorySubject } from './history/recordHistory.js';
import { waitingCompanion } from './writeCompanion.js';

/** What a write did to one record. */
type WriteAction = 'create' | 'update' | 'delete';

/** One write of one record, as its observers see it, inside its transaction. */
export interface RecordWrite {
  /** The resource's API name (`contacts`, `books` for the reading sheets). */
  resource: string;
  action: WriteAction;
  id: number;
  /** The administrator whose request wrote it; null outside a request (scripts, jobs). */
  administratorId: number | null;
  /** The revision it added to the record's history; absent when it changed nothing (or the resource keeps none). */
  revision?: { id: number; version: number; changes: Changes };
}

/**
 * Told of every write, in the write's transaction, after the record's rows are written: what it
 * writes commits or rolls back with the record (the history of changes hangs here). A throw
 * refuses the write.
 */
type WriteObserver = (tx: Db, write: RecordWrite) => Promise<void>;

/**
 * A write as a resource's store (or the reading sheet's save) does it, inside the path's
 * transaction: its result, and the id of the record written (undefined when there was no such
 * record: nothing was written, nothing is observed).
 */
interface WriteStep<T> {
  resource: string;
  action: WriteAction;
  /** The record an update or a delete writes (its history reads it before the write). */
  id?: number;
  /**
   * The record as its history sees it before the write, when the step has read it already and
   * its `run` refuses the write if the record moved since (its version checked under its row lock,
   * as a bulk `set` does): the path then reads it no second time.
   */
  before?: Snapshot;
  /**
   * `after`: the record as its history sees it after the write, when the step read it anyway (the
   * sheet's answer), else the path reads it.
   */
  run(tx: Db, afterCommit: AfterCommit): Promise<{ id: number | undefined; result: T; after?: Snapshot }>;
}

/** A restore's write (server/engine/history/historyService.ts): refused when the record moved past `version`. */
export interface RestoreOf {
  /** The revision whose earlier values are brought back. */
  revision: number;
  /** The record's version the restore was asked from (absent: not checked, as for the next saves of one restore). */
  version?: number;
}

/** A write refused because the record changed since the version it was asked from: the revisions in between. */
export class StaleRecord extends Error {
  constructor(readonly since: RevisionRow[]) {
    super('the record changed since');
  }
}

interface WriteOptions {
  /**
   * Runs the whole write, rules and database checks included, then rolls it back: what the save
   * would refuse is refused, nothing is kept, no observer is told and no after-commit work runs
   * (the studio preview's save).
   */
  dryRun?: boolean;
  /** A restore: checked against the record's version in the write's transaction, linked from its revision. */
  restore?: RestoreOf;
}

/** The one path of every create, update and delete of a record. */
export interface RecordWrites {
  /** Opens the transaction, runs the step (the resource's rules and writes), tells the observers, commits, then runs the after-commit work. */
  write<T>(step: WriteStep<T>, options?: WriteOptions): Promise<T>;
  /** Adds an observer of every write from now on; returns its removal. */
  observe(observer: WriteObserver): () => void;
  /** Keeps the history of a resource's records from now on (server/engine/history/recordHistory.ts). */
  keepHistory(resource: string, subject: HistorySubject): void;
  /** How a resource's history reads its records, if it keeps one. */
  historyOf(resource: string): HistorySubject | undefined;
}

/** What the path asks of the app beyond the database: the version of a screen in use (0: its built-in file). */
export interface RecordWritesOptions {
  log?: { warn(obj: object, msg: string): void };
  screenVersion?: (screen: string) => number | undefined;
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
export function createRecordWrites(db: Db, { log, screenVersion }: RecordWritesOptions = {}): RecordWrites {
  const observers = new Set<WriteObserver>();
  const subjects = new Map<string, HistorySubject>();

  /** The revision of one write: the record read before and after, diffed; none when nothing changed. */
  async function recordRevision(
    tx: Db,
    step: WriteStep<unknown>,
    id: number,
    before: Snapshot | undefined,
    after: Snapshot | undefined,
    administratorId: number | null,
    restore: RestoreOf | undefined,
  ) {
    const changes = diffSnapshots(before ?? {}, after ?? {});
    if (step.action === 'update' && Object.keys(changes).length === 0) return undefined;
    const subject = subjects.get(step.resource);
    const screen = subject?.screen === undefined ? null : (screenVersion?.(subject.screen) ?? null);
    const label = recordLabel(after ?? before);
    const added = await insertRevision(tx, {
      resource: step.resource,
      recordId: id,
      action: step.action,
      administratorId,
      label,
      changes,
      screenVersion: screen,
      restoredFrom: restore?.revision,
    });
    return { ...added, changes };
  }

  return {
    async write<T>(step: WriteStep<T>, options: WriteOptions = {}): Promise<T> {
      const tasks: (() => Promise<unknown>)[] = [];
      const administratorId = currentRequest()?.administratorId ?? null;
      const subject = subjects.get(step.resource);
      const { restore } = options;
      // A bulk job's row mark, when this write is a row of a job: in this transaction (./writeCompanion.ts).
      const companion = options.dryRun ? undefined : waitingCompanion();
      let joined = false;
      let result: T;
      try {
        result = await db.transaction(async (tx) => {
          const keeps = subject !== undefined && !options.dryRun;
          if (keeps) await markAppWrites(tx, 'recorded');
          if (restore?.version !== undefined && step.id !== undefined && (await lockedVersion(tx, step.resource, step.id)) !== restore.version) {
            throw new StaleRecord(await revisionsAfter(tx, step.resource, step.id, restore.version));
          }
          const before = keeps && step.id !== undefined && step.action !== 'create' ? (step.before ?? (await subject.read(tx, step.id))) : undefined;
          const done = await step.run(tx, (task) => tasks.push(task));
          if (options.dryRun) throw new RolledBack(done.result);
          if (done.id !== undefined) {
            const after = !keeps || step.action === 'delete' ? undefined : (done.after ?? (await subject.read(tx, done.id)));
            const revision = keeps ? await recordRevision(tx, step as WriteStep<unknown>, done.id, before, after, administratorId, restore) : undefined;
            for (const observer of observers)
              await observer(tx, { resource: step.resource, action: step.action, id: done.id, administratorId, ...(revision ? { revision } : {}) });
            if (companion) {
              await companion.join(tx);
              joined = true;
            }
          }
          return done.result;
        });
      } catch (error) {
        if (error instanceof RolledBack) return error.result as T;
        throw error;
      }
      if (companion && joined) companion.joined = true;
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
    keepHistory(resource, subject) {
      subjects.set(resource, subject);
    },
    historyOf: (resource) => subjects.get(resource),
  };
}
