import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { queryKeys } from '../../engine/api/queryKeys';
import { resourceApi, type ApiRecord } from '../../engine/api/resourceApi';
import { notify } from '../../engine/notify/notifications';
import i18n from '../../i18n';
import { REQUESTS_API, statusUpdateBody } from './statusUpdate';

/** The steps of a status change: nothing under way, the confirmation, the commentary dialog, the save. */
type StatusChangeStep = 'idle' | 'confirm' | 'commentary' | 'saving';

export interface StatusChange {
  /** The status the select shows: the one being changed to while a change is under way, the row's otherwise. */
  shown: number | undefined;
  step: StatusChangeStep;
  /** The commentary dialog is open (from the confirmation of a status that needs one to the end of its save). */
  commenting: boolean;
  /** Starts a change to `statusId` (nothing when it is the current one): the view asks for confirmation. */
  choose(statusId: number): void;
  /** After the confirmation: asks for the commentary when the status needs one, else saves at once. */
  confirm(needsCommentary: boolean): Promise<boolean>;
  /** Saves with the commentary typed in the dialog. */
  saveWithCommentary(commentary: string): Promise<boolean>;
  /** Drops the change under way: the select shows the row's status again. */
  cancel(): void;
}

/**
 * Headless status change of one request row (SPEC §4): choose, confirm, the commentary when the
 * status needs one, then an ordinary save of the whole request (`POST admin/demands/{id}` with its
 * version). On success the requests lists and records are fetched again; on a failure (stale
 * version, refusal, network) the notice 'Request update Failed' shows and the old status is back.
 */
export function useStatusChange(row: ApiRecord): StatusChange {
  const queryClient = useQueryClient();
  const [pending, setPendingState] = useState<number | undefined>(undefined);
  // Also in a ref: the confirmation's callbacks were made in the render before the choice.
  const pendingRef = useRef<number | undefined>(undefined);
  const setPending = (next: number | undefined) => {
    pendingRef.current = next;
    setPendingState(next);
  };
  const [step, setStep] = useState<StatusChangeStep>('idle');
  const [commenting, setCommenting] = useState(false);
  const current = row.demand_status_id as number | undefined;

  const save = useCallback(
    async (statusId: number, commentary?: string) => {
      setStep('saving');
      try {
        await resourceApi.save(REQUESTS_API, row.id, statusUpdateBody(row, statusId, commentary));
        await queryClient.invalidateQueries({ queryKey: queryKeys.resource(REQUESTS_API) });
        return true;
      } catch {
        // The data client already showed the server's reason ('Error'); this names what failed.
        notify({ severity: 'error', summary: i18n.t('notices.failed'), detail: i18n.t('widgets.requestStatus.updateFailed') });
        return false;
      } finally {
        setPending(undefined);
        setCommenting(false);
        setStep('idle');
      }
    },
    [row, queryClient],
  );

  return {
    shown: pending ?? current,
    step,
    commenting,
    choose: (statusId) => {
      if (pendingRef.current !== undefined || statusId === current) return;
      setPending(statusId);
      setStep('confirm');
    },
    confirm: async (needsCommentary) => {
      const statusId = pendingRef.current;
      if (statusId === undefined) return false;
      if (needsCommentary) {
        setCommenting(true);
        setStep('commentary');
        return false;
      }
      return save(statusId);
    },
    saveWithCommentary: async (commentary) => {
      const statusId = pendingRef.current;
      return statusId === undefined ? false : save(statusId, commentary);
    },
    cancel: () => {
      setPending(undefined);
      setCommenting(false);
      setStep('idle');
    },
  };
}
