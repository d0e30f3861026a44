import type { BulkBody, BulkJobAnswer, BulkResult } from '../../../common/bulkAnswers';
import { call } from './apiClient';

export type { BulkBody, BulkJobAnswer, BulkResult, BulkRowAnswer } from '../../../common/bulkAnswers';

/** What `POST admin/{api}/bulk` answers: each row's outcome, or the job it runs as. */
export type BulkAnswer = { message: string; data: BulkResult } | { message: string; data: { job: BulkJobAnswer } };

/** The bulk actions' calls (docs/bulk-actions.md); the bulk dialog says their outcome itself. */
export const bulkApi = {
  run: (api: string, body: BulkBody) => call<BulkAnswer>('post', `${api}/bulk`, { json: body, silentSuccess: true }),
  job: async (id: number, signal?: AbortSignal) => (await call<{ data: BulkJobAnswer }>('get', `bulk-jobs/${id}`, signal ? { signal } : {})).data,
};
