import type { FromSchema } from 'json-schema-to-ts';
import type { RECORD_HISTORY_ANSWER, RESTORE_ANSWER, RevisionAnswer } from '../../../common/historyAnswers';
import type { Messages } from '../../../common/i18nResources';
import type { SCREEN_VERSION } from '../../../common/screenAnswers';
import { call, toSearchParams } from '../api/apiClient';

/*
 * The answers' types derive from the schemas the server answers with (common/historyAnswers.ts,
 * common/screenAnswers.ts): nothing here copies their shape. A revision's `changes` is typed by
 * common/recordChanges.ts (`RevisionAnswer`).
 */

/** The list of every record's revisions (`GET admin/history`), read as any list (`useListController`). */
export const HISTORY_API = 'history';

/** One page of a record's revisions, newest first, with the record's version now (what a restore sends back). */
export type RecordHistoryPage = { data: RevisionAnswer[]; meta: FromSchema<typeof RECORD_HISTORY_ANSWER>['meta'] };

/** A restore's answer: its message, the record as saved, and the changed fields it could not bring back. */
export type RestoreAnswer = FromSchema<typeof RESTORE_ANSWER>;

/** What a restore asks: the fields to bring back (every field of the revision when absent) and the record's version read with the history. */
export interface RestoreRequest {
  fields?: string[] | undefined;
  version: number;
}

/** The definition and labels of one version of a screen, as the labels of its revisions read them. */
export type ScreenVersionContent = Pick<FromSchema<typeof SCREEN_VERSION>, 'definition'> & { labels: Messages };

/** The history calls (`admin/history`, docs/record-history.md), through the one data client. */
export const historyCalls = {
  /** `GET admin/history/{resource}/{id}`: one page of a record's revisions, a deleted record's too. */
  record: (resource: string, id: string | number, page: number, perPage: number, signal?: AbortSignal) =>
    call<RecordHistoryPage>('get', `${HISTORY_API}/${encodeURIComponent(resource)}/${encodeURIComponent(String(id))}`, {
      searchParams: toSearchParams({ page, perPage }),
      ...(signal ? { signal } : {}),
    }),
  /**
   * `POST admin/history/{revisionId}/restore`: no toast of the data client's (the drawer says how it
   * went, with the fields skipped; a refusal shows in its dialog). A 409 carries what changed since
   * in the error's `body` (`StaleRestoreAnswer`).
   */
  restore: (revisionId: number, request: RestoreRequest) =>
    call<RestoreAnswer>('post', `${HISTORY_API}/${revisionId}/restore`, {
      json: request.fields ? { fields: request.fields, version: request.version } : { version: request.version },
      silentSuccess: true,
      noErrorToast: true,
    }),
  /** `GET admin/screens/{name}/versions/{v}`: the labels that named the fields of the revisions made with that version. */
  screenVersion: async (name: string, version: number, signal?: AbortSignal) =>
    (await call<{ data: ScreenVersionContent }>('get', `screens/${encodeURIComponent(name)}/versions/${version}`, signal ? { signal } : {})).data,
};
