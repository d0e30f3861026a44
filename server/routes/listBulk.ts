import type { FastifyInstance } from 'fastify';
import { BULK_BODY, BULK_RESULT, type BulkBody } from '../../common/bulkAnswers.js';
import { objectOf, responses, STRING } from '../../common/answerSchemas.js';
import type { ListContract } from '../resources/listContracts.js';
import { actionBody } from '../services/actionBody.js';
import { checkBulk, runBulk, type BulkRows } from '../services/bulkActions.js';

const readBulk = actionBody<BulkBody>(BULK_BODY, { trim: false });

/** The sentence that sums up a bulk action: how many rows it changed or deleted, how many it could not. */
export function bulkMessage(action: 'set' | 'delete', done: number, refused: number): string {
  const rows = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'row' : 'rows'}`;
  const did = `${rows(done)} ${action === 'delete' ? 'deleted' : 'changed'}`;
  return refused ? `${did}; ${rows(refused)} refused.` : `${did}.`;
}

/**
 * `POST admin/{api}/bulk {action, field?, value?, with?, ids? | query?}` (docs/bulk-actions.md):
 * one of the list's declared bulk actions on the rows chosen, or on every row its query matches;
 * each row through its ordinary save or delete in its own transaction. Answers each row's outcome:
 * done, or refused with the message (in use, 409 changed meanwhile, 422 with its field errors).
 */
export function registerListBulk(app: FastifyInstance, contract: ListContract, rows: BulkRows): void {
  app.post(`/${contract.api}/bulk`, { schema: { response: responses(objectOf({ message: STRING, data: BULK_RESULT })) } }, async (request) => {
    const body = readBulk(request.body);
    const bulk = await checkBulk(body, contract, app.screenRegistry.screens.get(contract.screen), rows);
    const result = await runBulk(rows, bulk);
    return { message: bulkMessage(bulk.declared.action, result.done, result.refused), data: result };
  });
}
