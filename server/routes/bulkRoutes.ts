import type { FastifyInstance } from 'fastify';
import { BULK_BODY, BULK_JOB, BULK_RESULT, BULK_SYNC_ROWS, type BulkBody } from '../../common/bulkAnswers.js';
import { dataAnswer, objectOf, responses, STRING } from '../../common/answerSchemas.js';
import { idParamsSchema } from '../http/pathParams.js';
import type { ServedList } from '../compose/appServices.js';
import { actionBody } from '../engine/actionBody.js';
import { checkBulk, runBulk } from '../engine/bulk/bulkActions.js';
import { BULK_JOB_MESSAGES, type BulkCheck, type BulkJobRequest } from '../engine/bulk/bulkJobs.js';
import { parseId } from '../engine/resourceService.js';
import { notFound } from '../http/errors.js';

const readBulk = actionBody<BulkBody>(BULK_BODY, { trim: false });
/** A resume takes no field: the job says what it does and on which rows. */
const RESUME_BODY = { type: 'object', properties: {} } as const;
const readResume = actionBody<Record<string, never>>(RESUME_BODY);

/** The sentence that sums up a bulk action: how many rows it changed or deleted, how many it could not. */
function bulkMessage(action: 'set' | 'delete', done: number, refused: number): string {
  const rows = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'row' : 'rows'}`;
  const did = `${rows(done)} ${action === 'delete' ? 'deleted' : 'changed'}`;
  return refused ? `${did}; ${rows(refused)} refused.` : `${did}.`;
}

/**
 * `POST admin/{api}/bulk {action, field?, value?, with?, ids? | query?}` (docs/bulk-actions.md):
 * one of the list's declared bulk actions on the rows chosen, or on every row its query matches;
 * each row through its ordinary save or delete in its own transaction. Up to BULK_SYNC_ROWS rows,
 * answers each row's outcome (200): done, or refused with the message (in use, changed meanwhile,
 * 422 with its field errors); more run as a job (202 with the job: `GET admin/bulk-jobs/{id}`).
 */
function registerListBulk(app: FastifyInstance, { contract, bulkRows: rows }: ServedList): void {
  const list = { contract, rows };
  app.bulkJobs.registerList(list);
  const answers = {
    ...responses(objectOf({ message: STRING, data: BULK_RESULT })),
    202: { description: 'Started as a job: its progress at GET admin/bulk-jobs/{id}', ...objectOf({ message: STRING, data: objectOf({ job: BULK_JOB }) }) },
  };
  app.post(
    `/${contract.api}/bulk`,
    { config: { bodySchema: BULK_BODY, need: { screen: contract.api, action: 'bulk' } }, schema: { response: answers } },
    async (request, reply) => {
      const body = readBulk(request.body);
      const bulk = await checkBulk(body, contract, app.screenRegistry.screens.get(contract.screen), rows);
      if (bulk.ids.length > BULK_SYNC_ROWS) {
        // The action as asked, without its rows: a resume checks it again against the list.
        const asked: BulkJobRequest = {
          action: body.action,
          ...(body.field === undefined ? {} : { field: body.field }),
          ...(body.value === undefined ? {} : { value: body.value }),
          ...(body.with === undefined ? {} : { with: body.with }),
        };
        const job = await app.bulkJobs.start(list, bulk, asked, request.admin!.id);
        return reply.code(202).send({ message: `The action runs on ${job.total.toLocaleString('en')} rows in the background.`, data: { job } });
      }
      const result = await runBulk(rows, bulk);
      return { message: bulkMessage(bulk.declared.action, result.done, result.refused), data: result };
    },
  );
}

/**
 * The bulk actions: `POST admin/{api}/bulk` on every served list (`app.services.lists`), and
 * `GET admin/bulk-jobs/{id}`: a bulk action running in the background, as far as it is (its
 * author's only); `POST admin/bulk-jobs/{id}/resume`: an interrupted or failed one run again on
 * the rows it has not handled yet, once checked again against its list (202 with the job).
 */
export async function bulkRoutes(app: FastifyInstance): Promise<void> {
  for (const list of app.services.lists) registerListBulk(app, list);
  const jobId = (params: unknown) => {
    const id = parseId((params as { id: string }).id);
    if (id === undefined) throw notFound(BULK_JOB_MESSAGES.notFound);
    return id;
  };
  // A job is its author's only: its rows were each held to the author's permissions.
  app.get('/bulk-jobs/:id', { config: { need: 'self' }, schema: { params: idParamsSchema, response: responses(dataAnswer(BULK_JOB)) } }, async (request) => ({
    data: await app.bulkJobs.read(jobId(request.params), request.admin!.id),
  }));
  const check: BulkCheck = (list, body) => checkBulk(body, list.contract, app.screenRegistry.screens.get(list.contract.screen), list.rows);
  app.post(
    '/bulk-jobs/:id/resume',
    {
      config: { bodySchema: RESUME_BODY, need: 'self' },
      schema: {
        params: idParamsSchema,
        response: {
          ...responses(objectOf({ message: STRING, data: objectOf({ job: BULK_JOB }) }), [409]),
          202: { description: 'Resumed: its progress at GET admin/bulk-jobs/{id}', ...objectOf({ message: STRING, data: objectOf({ job: BULK_JOB }) }) },
        },
      },
    },
    async (request, reply) => {
      readResume(request.body);
      const job = await app.bulkJobs.resume(jobId(request.params), request.admin!.id, check);
      const left = job.total - job.done - job.refused;
      return reply
        .code(202)
        .send({ message: `The action runs again on the ${left.toLocaleString('en')} ${left === 1 ? 'row' : 'rows'} left, in the background.`, data: { job } });
    },
  );
}
