import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import i18n from '../../i18n';
import { isApiError } from '../api/ApiError';
import { call } from '../api/apiClient';
import { queryKeys } from '../api/queryKeys';
import type { ApiRecord } from '../api/resourceApi';
import { notify } from '../notify/notifications';
import type { FieldErrors } from '../../../common/validation';
import type { EngineFormContext } from './templates';

/** One action on the open record: its method, path (under admin/), body, and the record's fields it changes. */
export interface RecordActionRequest {
  method: 'post' | 'delete';
  path: string;
  body?: Record<string, unknown>;
  /** The fields of the record the answer's `data` carries and the form takes, as stored. */
  applies: readonly string[];
}

/** How an action ended: `ok`, or the status and field errors of its refusal (already toasted by the data client). */
export type RecordActionResult = { ok: true; record: ApiRecord } | { ok: false; status: number; errors: FieldErrors };

/**
 * Actions a record's page takes on the record besides its save (validate a user, add a
 * subscription, set the credits): each is its own call, answered with the record. The fields it
 * changes go to the form as stored (they never count as an unsaved change, and an edit in progress
 * elsewhere in the form is kept), the resource's lists and related parts refetch, and the cached
 * record is marked stale so that the next opening reads it again.
 */
export function useRecordAction(context: EngineFormContext | undefined): {
  run(request: RecordActionRequest): Promise<RecordActionResult>;
  pending: boolean;
} {
  const queryClient = useQueryClient();
  const api = context?.api ?? '';
  const recordId = context?.recordId;
  const mutation = useMutation({
    mutationFn: (request: RecordActionRequest) =>
      call<{ message?: string; data?: ApiRecord }>(request.method, request.path, request.body ? { json: request.body } : {}),
  });
  const { mutateAsync } = mutation;
  const applyStored = context?.applyStored;
  const run = useCallback(
    async (request: RecordActionRequest): Promise<RecordActionResult> => {
      try {
        const answer = await mutateAsync(request);
        // The data client toasts a POST's success itself; an action sent with DELETE says it here.
        if (request.method === 'delete')
          notify({ severity: 'success', summary: i18n.t('notices.success'), detail: answer.message || i18n.t('notices.success') });
        const record = answer.data ?? ({} as ApiRecord);
        applyStored?.(Object.fromEntries(request.applies.filter((field) => field in record).map((field) => [field, record[field]])));
        if (recordId !== undefined) {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: queryKeys.lists(api) }),
            queryClient.invalidateQueries({ queryKey: queryKeys.relatedOf(api, recordId) }),
            // Not refetched now: a new copy would replace the form's data, and an edit in progress with it.
            queryClient.invalidateQueries({ queryKey: queryKeys.record(api, recordId), refetchType: 'none' }),
          ]);
        }
        return { ok: true, record };
      } catch (error) {
        if (isApiError(error)) return { ok: false, status: error.status, errors: error.errors };
        throw error;
      }
    },
    [mutateAsync, applyStored, queryClient, api, recordId],
  );
  return { run, pending: mutation.isPending };
}
