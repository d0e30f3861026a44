import type { FastifyBaseLogger } from 'fastify';
import type { BulkJobAnswer, BulkRowAnswer } from '../../common/bulkAnswers.js';
import type { Db } from '../db/client.js';
import { findBulkJob, insertBulkJob, updateBulkJob, type BulkJobRow } from '../db/repositories/bulkJobRepository.js';
import { notFound } from '../http/errors.js';
import { bulkRow, chunkedReads, eachRow, type BulkRows, type CheckedBulk } from './bulkActions.js';

/** How often a running job writes how far it is. */
const PROGRESS_EVERY_MS = 1000;
/** A running job its server has not written to for this long has stopped with its server. */
export const LOST_AFTER_SECONDS = 120;

/** What a job needs besides its rows: who asked, on which list, and whether its server is stopping. */
export interface BulkJobContext {
  db: Db;
  screen: string;
  administratorId: number;
  request: object;
  log?: FastifyBaseLogger;
  /** True once the server is stopping: the job stops between two rows and says how far it got. */
  stopping(): boolean;
}

/**
 * Starts a bulk action as a job (docs/bulk-actions.md): its row is written, then its rows run in
 * this server (a few at once: `eachRow`), after the answer, each through its ordinary save or
 * delete; every second the job's row says how far it is and which rows were refused. Resolves with the job as started.
 * The request's context (who asked) goes with it, so each row's revision names its author.
 */
export async function startBulkJob(rows: BulkRows, bulk: CheckedBulk, context: BulkJobContext): Promise<BulkJobAnswer> {
  const { db } = context;
  const job = await insertBulkJob(db, { screen: context.screen, request: context.request, administratorId: context.administratorId, total: bulk.ids.length });
  void runJob(job, rows, bulk, context);
  return jobAnswer({ ...job, quietSeconds: 0 });
}

async function runJob(job: BulkJobRow, rows: BulkRows, bulk: CheckedBulk, { db, log, stopping }: BulkJobContext): Promise<void> {
  // Each row's outcome by its place: the refused rows are listed in the order of the ids.
  const answers: BulkRowAnswer[] = [];
  let done = 0;
  let refused = 0;
  let written = Date.now();
  const progress = () => ({ done, refused, refusedRows: answers.filter((answer) => answer && !answer.done) });
  const recordAt = chunkedReads(rows, bulk.ids);
  try {
    const taken = await eachRow(
      bulk.ids,
      async (id, index) => {
        const answer = await bulkRow(rows, id, bulk.operation, await recordAt(index));
        answers[index] = answer;
        if (answer.done) done += 1;
        else refused += 1;
        if (Date.now() - written >= PROGRESS_EVERY_MS) {
          written = Date.now();
          await updateBulkJob(db, job.id, progress());
        }
      },
      stopping,
    );
    if (taken < bulk.ids.length) {
      await updateBulkJob(db, job.id, { ...progress(), state: 'stopped', message: stoppedMessage(done + refused, job.total) });
      return;
    }
    await updateBulkJob(db, job.id, { ...progress(), state: 'finished' });
  } catch (error) {
    log?.error({ err: error, job: job.id }, 'bulk job failed');
    await updateBulkJob(db, job.id, { ...progress(), state: 'failed', message: `The action stopped on an error after ${(done + refused).toLocaleString('en')} of ${job.total.toLocaleString('en')} rows: run it again on the rows left.` }).catch(
      (writeError: unknown) => log?.error({ err: writeError, job: job.id }, 'bulk job state not written'),
    );
  }
}

const stoppedMessage = (handled: number, total: number) =>
  `The server stopped after ${handled.toLocaleString('en')} of ${total.toLocaleString('en')} rows: run the action again on the rows left.`;

/** `GET admin/bulk-jobs/{id}`: one of the reader's jobs (another's is a 404); a running job its server no longer writes to has stopped. */
export async function readBulkJob(db: Db, id: number, administratorId: number): Promise<BulkJobAnswer> {
  const job = await findBulkJob(db, id, administratorId);
  if (!job) throw notFound('Bulk action');
  return jobAnswer(job);
}

function jobAnswer(job: BulkJobRow & { quietSeconds: number }): BulkJobAnswer {
  const lost = job.state === 'running' && job.quietSeconds > LOST_AFTER_SECONDS;
  return {
    id: job.id,
    screen: job.screen,
    total: job.total,
    done: job.done,
    refused: job.refused,
    rows: job.refusedRows as BulkRowAnswer[],
    state: lost ? 'stopped' : (job.state as BulkJobAnswer['state']),
    message: lost ? stoppedMessage(job.done + job.refused, job.total) : job.message,
  };
}
