import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RevisionAnswer, StaleRestoreAnswer } from '../../../common/historyAnswers';
import type { FieldErrors } from '../../../common/validation';
import { isApiError } from '../api/ApiError';
import { queryKeys } from '../api/queryKeys';
import { notify } from '../notify/notifications';
import type { FieldNames } from './fieldNames';
import { HISTORY_API, historyCalls } from './historyCalls';
import { useFieldNames } from './useFieldNames';

/** What to restore: a revision's values before it, all of its fields or those named. */
interface RestoreTarget {
  revision: RevisionAnswer;
  fields?: string[] | undefined;
}

/** A restore on its way, from the question to the server's answer. */
export interface RestoreState {
  target: RestoreTarget;
  /** The record's version the restore is asked from: read with the history, then the newest of a 409's revisions. */
  version: number;
  sending: boolean;
  /** A 409's answer: what changed since the version asked, and by whom; asking again restores anyway. */
  stale?: StaleRestoreAnswer | undefined;
  /** A refusal to show as it is: the server's message and field errors (422, a 409 without changes, a failure). */
  refusal?: { message: string; errors: FieldErrors } | undefined;
}

export interface RestoreFlow {
  /** Undefined while no restore is asked. */
  state: RestoreState | undefined;
  /** The field names of the revision being restored. */
  names: FieldNames;
  /** Opens the question for a revision's values (all its fields, or those given). */
  ask(target: RestoreTarget): void;
  /** Sends the restore (again, after a 409: from the record's version now, 'Restore anyway'). */
  confirm(): Promise<void>;
  cancel(): void;
}

export interface RestoreOptions {
  /** The record's resource (its API name) and id. */
  api: string;
  recordId: string | number;
  /** The record's version read with its history (`meta.record_version`). */
  version: number | undefined;
  /** The screen that names the fields of a revision that names none. */
  screen?: string | undefined;
  /** Called once the record's queries are read again: the page shows the record as restored (its form's own state replaced). */
  onRestored?: (() => void) | undefined;
}

/**
 * The restore of a revision's values (`POST admin/history/{revisionId}/restore`): asked, then sent
 * with the record's version read with the history. Restored: 'Restored successfully' (with the
 * fields a restore cannot bring back, by label), the record's queries read again (its form, lists,
 * history: the restore shows as a new revision), then `onRestored`. Stale (409): what changed in
 * between is kept to show, and a new confirmation sends it again from the newest version. Refused
 * (422, another 409, a failure): its message and errors are kept to show.
 */
export function useRestore({ api, recordId, version, screen, onRestored }: RestoreOptions): RestoreFlow {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<RestoreState | undefined>(undefined);
  const names = useFieldNames(state?.target.revision.screen, screen);

  const confirm = async () => {
    if (!state || state.sending) return;
    const { target } = state;
    setState({ ...state, sending: true, refusal: undefined });
    try {
      const answer = await historyCalls.restore(target.revision.id, { fields: target.fields, version: state.version });
      const skipped = answer.skipped.map((field) => names.label([field]));
      notify({
        severity: 'success',
        summary: t('notices.success'),
        detail: skipped.length ? `${answer.message}. ${t('history.skipped', { fields: skipped.join(', ') })}` : answer.message,
      });
      // The record (its form shows the values restored), its lists and its history (the restore is a new revision), and the activity.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.resource(api) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.resource(HISTORY_API) }),
      ]);
      onRestored?.();
      setState(undefined);
    } catch (error) {
      const body = isApiError(error) ? (error.body as Partial<StaleRestoreAnswer> | undefined) : undefined;
      if (isApiError(error) && error.status === 409 && body?.changes && body.revisions?.length) {
        // Asked again, the restore goes from the record's version now: that of the newest revision in between.
        const newest = Math.max(...body.revisions.map((revision) => revision.version));
        setState({ target, version: newest, sending: false, stale: body as StaleRestoreAnswer });
        // The drawer shows the revisions in between too.
        void queryClient.invalidateQueries({ queryKey: queryKeys.history(api, recordId) });
        return;
      }
      const refusal = isApiError(error) ? { message: error.message, errors: error.errors } : { message: t('notices.unexpectedError'), errors: {} };
      setState({ ...state, sending: false, stale: undefined, refusal });
    }
  };

  return {
    state,
    names,
    ask: (target) => {
      if (version !== undefined) setState({ target, version, sending: false });
    },
    confirm,
    cancel: () => setState(undefined),
  };
}
