import type { BulkBody, BulkJobAnswer, BulkResult } from '../../../common/bulkAnswers';
import { call } from './apiClient';

export type { BulkBody, BulkJobAnswer, BulkResult, BulkRowAnswer } from '../../../common/bulkAnswers';

/** What `POST admin/{api}/bulk` answers: each row's outcome, or the job it runs as. */
export type BulkAnswer = { message: string; data: BulkResult } | { message: string; data: { job: BulkJobAnswer } };

/** The bulk actions' calls (docs/bulk-actions.md); the bulk dialog says their outcome itself. */
export const bulkApi = {
  run: (api: string, body: BulkBody) => call<BulkAnswer>('post', `${api}/bulk`, { json: body, silentSuccess: true }),
  // No toast when a reading fails (the server restarting): the dialog says it, and the next reading tries again.
  job: async (id: number, signal?: AbortSignal) =>
    (await call<{ data: BulkJobAnswer }>('get', `bulk-jobs/${id}`, { noErrorToast: true, ...(signal ? { signal } : {}) })).data,
  /** Runs an interrupted or failed job again on the rows it has not handled yet (its refusal is toasted). */
  resume: async (id: number) =>
    (await call<{ message: string; data: { job: BulkJobAnswer } }>('post', `bulk-jobs/${id}/resume`, { silentSuccess: true })).data.job,
};
