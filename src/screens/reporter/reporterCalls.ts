import type { ReporterBookGroup } from '../../../common/reporters';
import { isApiError, ApiError } from '../../engine/api/ApiError';
import { call, toSearchParams } from '../../engine/api/apiClient';
import { recordPath, type ApiRecord } from '../../engine/api/resourceApi';
import { REPORTER_API } from './reporterRoute';

/** SPEC §8: 'Success' / 'Successfully saved' shows for 3 seconds after a reporter is saved. */
const SAVED_TOAST_MS = 3000;

/** The reporter calls of SPEC §7 beside the list's and the record's (which the engine makes). */
export const reporterCalls = {
  /** `POST admin/reporters` or `POST admin/reporters/{id}`: answers the saved reporter in the body's `lang`. */
  save: (id: string | undefined, body: Record<string, unknown>) =>
    call<{ message?: string; data: ApiRecord }>('post', id === undefined ? REPORTER_API : recordPath(REPORTER_API, id), {
      json: body,
      successLife: SAVED_TOAST_MS,
    }),
  /** `GET admin/reporters/{id}/books?lang=`: the booklist grouped by genre. */
  books: async (id: string | number, lang: string, signal?: AbortSignal) =>
    (
      await call<{ data: ReporterBookGroup[] }>('get', `${recordPath(REPORTER_API, id)}/books`, {
        searchParams: toSearchParams({ lang }),
        ...(signal ? { signal } : {}),
      })
    ).data,
  /** `DELETE admin/reporters/delete-book`: takes a sheet off the booklist; the screen says how it went. */
  removeBook: (reporterId: string | number, bookId: number) =>
    call<{ message?: string }>('delete', `${REPORTER_API}/delete-book`, {
      json: { reporterId: Number(reporterId), bookId },
      silentSuccess: true,
      noErrorToast: true,
    }),
};

/** The same refusal with its field errors on other keys (a save's errors moved onto the form's). */
export function withErrors(error: unknown, map: (errors: ApiError['errors']) => ApiError['errors']): unknown {
  return isApiError(error) ? new ApiError(error.status, error.message, map(error.errors), error.body) : error;
}
