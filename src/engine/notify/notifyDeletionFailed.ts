import i18n from '../../i18n';
import { isApiError } from '../api/ApiError';
import { notify } from './notifications';

/**
 * The one notice of a deletion that failed: refused by the server for a reason staff can act on (a
 * record still used, one gone already: a 4xx with its message), 'Deletion Failed' with that
 * reason; otherwise (the connection, a server error) SPEC §8's 'Failed' / 'Deletion Failed'. The
 * delete calls send no toast of their own (`noErrorToast`), so this is all staff read.
 */
export function notifyDeletionFailed(error: unknown): void {
  const reason = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 ? error.message : undefined;
  notify(
    reason
      ? { severity: 'error', summary: i18n.t('notices.deletionFailed'), detail: reason }
      : { severity: 'error', summary: i18n.t('notices.failed'), detail: i18n.t('notices.deletionFailed') },
  );
}
