import i18n from '../../i18n';
import type { FieldErrors } from '../../../common/validation';
import { notify } from '../notify/notifications';
import { firstErrorLocation, type FormTab } from './errorRouting';

/**
 * Says that a save was refused before it was sent (the browser's checks of the form), in an error
 * toast as a refusal by the server is said: the message of the first field in error (in form order,
 * the field the form brings into view) and how many others need correcting. The toast stays where
 * the eye is whatever the page scrolls to.
 */
export function notifyRefusal(errors: FieldErrors, order: string[], tabs: FormTab[]): void {
  const first = firstErrorLocation(errors, order, tabs);
  if (!first) return;
  const message = (errors[first.key] ?? []).filter(Boolean).join(' ') || i18n.t('form.errorSummary');
  const others = Object.keys(errors).length - 1;
  notify({ severity: 'error', summary: i18n.t('notices.error'), detail: others > 0 ? i18n.t('form.refusedMore', { message, count: others }) : message });
}
