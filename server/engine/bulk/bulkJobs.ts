import type { FastifyBaseLogger } from 'fastify';
import type { BulkBody, BulkJobAnswer, BulkRowAnswer } from '../../../common/bulkAnswers.js';
import type { Db } from '../../db/client.js';
import {
  beatBulkJobs,
  bulkJobProgress,
  claimBulkJob,
  endBulkJob,
  findBulkJob,
  handledPositions,
  insertBulkJob,
  interruptBulkJobs,
  markBulkJobRow,
  markBulkJobRowRefused,
  runningBulkJobs,
  type BulkJobProgress,
  type BulkJobRead,
} from '../../db/repositories/engine/bulkJobRepository.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { ListContract } from '../listContracts.js';
import { bulkRow, chunkedReads, eachRow, type BulkRows, type CheckedBulk } from './bulkActions.js';
import { runnerGone, THIS_RUNNER } from './jobRunner.js';
import { withWriteCompanion, type WriteCompanion } from '../writeCompanion.js';

/** How often the server running a job says it is still at it. */
const HEARTBEAT_MS = 1000;
/** A running job its server has not written to for this long has lost its server. */
const LOST_AFTER_SECONDS = 15;

/** A list whose bulk actions may run as jobs: its contract (what its query takes) and how its rows are read and written. */
interface BulkList {
  contract: ListContract;
  rows: BulkRows;
}

/** What a job does, as asked (`POST admin/{api}/bulk` without its rows): a resume checks it again against the list. */
export type BulkJobRequest = Pick<BulkBody, 'action' | 'field' | 'value' | 'with'>;

/** Checks a bulk request against its list as it is now (its declared actions, its permissions). */
export type BulkCheck = (list: BulkList, body: BulkBody) => Promise<CheckedBulk>;

export const BULK_JOB_MESSAGES = {
  notFound: 'Bulk action',
  stillRunning: 'This action is still running: it can be resumed only once it has stopped.',
  nothingLeft: 'This action has ended: no row is left to run.',
  resumedElsewhere: 'This action has just been resumed: its progress shows here.',
  listGone: 'This list no longer runs bulk actions.',
} as const;

const rows = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'row' : 'rows'}`;
const rowsLeft = (left: number) => (left === 1 ? 'the row left' : `the ${left.toLocaleString('en')} rows left`);

/** What a job that ended early says: how far it got, why it stopped, and what a resume does. */
function stoppedMessage(state: 'interrupted' | 'failed', handled: number, total: number): string {
  const why = state === 'interrupted' ? 'its server stopped before the end' : 'an error stopped it';
  return `The action ran on ${handled.toLocaleString('en')} of ${rows(total)}: ${why}. Resume it to run it on ${rowsLeft(total - handled)}.`;
}

/** Thrown inside a row's transaction when its job is no longer this server's to run: the row's write rolls back. */
class JobTakenOver extends Error {
  constructor() {
    super('the bulk job is no longer run by this server');
  }
}

/** The bulk jobs of one server (docs/bulk-actions.md, 'Jobs'). */
export interface BulkJobs {
  /** Declares a list whose actions may run as jobs: a resume runs its rows through it. */
  registerList(list: BulkList): void;
  /** Starts a checked action as a job in this server, after the answer; resolves with the job as started. */
  start(list: BulkList, bulk: CheckedBulk, request: BulkJobRequest, administratorId: number): Promise<BulkJobAnswer>;
  /** `GET admin/bulk-jobs/{id}`: one of the reader's jobs, as far as it is (another's: 404). */
  read(id: number, administratorId: number): Promise<BulkJobAnswer>;
  /**
   * `POST admin/bulk-jobs/{id}/resume`: runs an interrupted or failed job again, in this server, on
   * the rows it has not handled yet, once the action has been checked again against its list
   * (422 when the list no longer offers it; 409 while it runs or once nothing is left).
   */
  resume(id: number, administratorId: number, check: BulkCheck): Promise<BulkJobAnswer>;
  /** At start: the jobs marked running whose server is gone are marked interrupted. Resolves with how many. */
  reconcile(): Promise<number>;
  /** The server stops: no row is taken any more; resolves once the rows running have ended and their jobs say so. */
  stop(): Promise<void>;
}

/**
 * The bulk jobs of a server. Each row of a job runs through its ordinary save or delete, in its
 * own transaction, and the mark that it is done is written in that same transaction (through the
 * write path's companion, ./writeCompanion.ts): the count read back is the count written, whatever
 * stops the server. A refused row is marked after its refusal (nothing of it was written). Every
 * second the server says it still runs its jobs; a job whose server is gone reads as interrupted
 * at once when the server can tell (`runnerGone`), else once it has been silent for
 * LOST_AFTER_SECONDS, and is marked so at the next start.
 */
export function createBulkJobs({
  db,
  embedded,
  log,
  stopping = () => false,
}: {
  db: Db;
  embedded: boolean;
  log?: FastifyBaseLogger;
  stopping?: () => boolean;
}): BulkJobs {
  const lists = new Map<string, BulkList>();
  /** The jobs running in this server, each until its last row has ended. */
  const local = new Map<number, Promise<void>>();
  /** Jobs this server ran that another took over (or ended) meanwhile: no row is taken for them any more. */
  const takenOver = new Set<number>();
  let stopped = false;
  let heartbeat: NodeJS.Timeout | undefined;

  const beat = async () => {
    try {
      const own = await beatBulkJobs(db, THIS_RUNNER, [...local.keys()]);
      for (const id of local.keys()) if (!own.has(id)) takenOver.add(id);
    } catch (error) {
      log?.warn({ err: error }, 'bulk jobs: heartbeat not written');
    }
  };
  const track = (id: number, running: Promise<void>) => {
    local.set(id, running);
    heartbeat ??= setInterval(() => void beat(), HEARTBEAT_MS).unref();
    void running.finally(() => {
      local.delete(id);
      takenOver.delete(id);
      if (local.size === 0 && heartbeat) {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
    });
  };

  /** Runs the rows of a job (their positions in its ids) to the end, or until the server stops or the job is taken over. */
  async function runJob(jobId: number, positions: readonly number[], list: BulkList, bulk: CheckedBulk): Promise<void> {
    const recordAt = chunkedReads(list.rows, bulk.ids);
    const mark = (target: Db, index: number, id: number, answer?: BulkRowAnswer) =>
      markBulkJobRow(target, {
        jobId,
        runner: THIS_RUNNER,
        position: positions[index]!,
        recordId: id,
        done: !answer,
        ...(answer ? { label: answer.label, message: answer.message ?? null, errors: answer.errors } : {}),
      });
    try {
      const taken = await eachRow(
        bulk.ids,
        async (id, index) => {
          const companion: WriteCompanion = {
            joined: false,
            async join(tx) {
              if (!(await mark(tx, index, id))) throw new JobTakenOver();
            },
          };
          let answer: BulkRowAnswer;
          try {
            answer = await withWriteCompanion(companion, async () => bulkRow(list.rows, id, bulk.operation, await recordAt(index)));
          } catch (error) {
            if (!(error instanceof JobTakenOver)) throw error;
            takenOver.add(jobId);
            return;
          }
          // A row whose save wrote nothing (it had the value already) is done all the same; a refused one is marked with its reason.
          if (answer.done && companion.joined) return;
          if (!answer.done && companion.joined)
            await markBulkJobRowRefused(db, jobId, positions[index]!, { label: answer.label, message: answer.message ?? null, errors: answer.errors });
          else if (!(await mark(db, index, id, answer.done ? undefined : answer))) takenOver.add(jobId);
        },
        () => stopped || stopping() || takenOver.has(jobId),
      );
      if (takenOver.has(jobId)) return;
      await endBulkJob(db, jobId, THIS_RUNNER, taken < bulk.ids.length ? 'interrupted' : 'finished');
    } catch (error) {
      log?.error({ err: error, job: jobId }, 'bulk job failed');
      await endBulkJob(db, jobId, THIS_RUNNER, 'failed').catch((writeError: unknown) =>
        log?.error({ err: writeError, job: jobId }, 'bulk job state not written'),
      );
    }
  }

  /** Whether a job marked running has lost its server. */
  const lost = (job: Pick<BulkJobRead, 'id' | 'runner' | 'quietSeconds'>) =>
    !local.has(job.id) && (runnerGone(job.runner, embedded) || job.quietSeconds > LOST_AFTER_SECONDS);

  function answerOf(job: BulkJobRead, progress: BulkJobProgress): BulkJobAnswer {
    const handled = progress.done + progress.refused;
    let state = (job.state === 'running' && lost(job) ? 'interrupted' : job.state) as BulkJobAnswer['state'];
    // Every row handled, its server stopped before it said so: it has ended.
    if (state !== 'running' && handled >= job.total) state = 'finished';
    return {
      id: job.id,
      screen: job.screen,
      total: job.total,
      done: progress.done,
      refused: progress.refused,
      rows: progress.refusedRows.map((row) => ({
        id: row.recordId,
        label: row.label,
        done: false,
        ...(row.message === null ? {} : { message: row.message }),
        ...(row.errors ? { errors: row.errors as Record<string, string[]> } : {}),
      })),
      state,
      message: state === 'interrupted' || state === 'failed' ? stoppedMessage(state, handled, job.total) : null,
    };
  }

  const read = async (id: number, administratorId: number) => {
    const job = await findBulkJob(db, id, administratorId);
    if (!job) throw notFound(BULK_JOB_MESSAGES.notFound);
    return answerOf(job, await bulkJobProgress(db, id));
  };

  return {
    registerList(list) {
      lists.set(list.contract.screen, list);
    },
    async start(list, bulk, request, administratorId) {
      const job = await insertBulkJob(db, { screen: list.contract.screen, request, administratorId, ids: bulk.ids, runner: THIS_RUNNER });
      track(
        job.id,
        runJob(
          job.id,
          bulk.ids.map((_, position) => position),
          list,
          bulk,
        ),
      );
      return answerOf({ ...job, quietSeconds: 0 }, { done: 0, refused: 0, refusedRows: [] });
    },
    read,
    async resume(id, administratorId, check) {
      const job = await findBulkJob(db, id, administratorId);
      if (!job) throw notFound(BULK_JOB_MESSAGES.notFound);
      const now = answerOf(job, await bulkJobProgress(db, id));
      if (now.state === 'running') throw conflict(BULK_JOB_MESSAGES.stillRunning);
      if (now.state === 'finished') throw conflict(BULK_JOB_MESSAGES.nothingLeft);
      const list = lists.get(job.screen);
      if (!list) throw unprocessable({ _: [BULK_JOB_MESSAGES.listGone] });
      const handled = await handledPositions(db, id);
      const positions = job.ids.flatMap((_, position) => (handled.has(position) ? [] : [position]));
      // The action as the list offers it now (a publish may have taken it away, or the permission to run it).
      const bulk = await check(list, { ...(job.request as BulkJobRequest), ids: positions.map((position) => job.ids[position]!) });
      const claimed = await claimBulkJob(db, id, administratorId, THIS_RUNNER, {
        lostAfterSeconds: LOST_AFTER_SECONDS,
        goneRunner: job.state === 'running' ? job.runner : undefined,
      });
      if (!claimed) throw conflict(BULK_JOB_MESSAGES.resumedElsewhere);
      track(id, runJob(id, positions, list, bulk));
      log?.info({ job: id, rows: positions.length }, 'bulk job resumed');
      return read(id, administratorId);
    },
    async reconcile() {
      const gone = (await runningBulkJobs(db)).filter(lost).map((job) => job.id);
      const count = await interruptBulkJobs(db, gone);
      if (count) log?.warn({ jobs: gone }, 'bulk jobs whose server stopped are marked interrupted: they can be resumed');
      return count;
    },
    async stop() {
      stopped = true;
      await Promise.allSettled([...local.values()]);
    },
  };
}
