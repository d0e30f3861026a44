import { confirmDialog } from 'primereact/confirmdialog';
import i18n from '../../i18n';

/**
 * Asks 'You have unsaved changes. Leave this page and lose them?' (Leave / Stay, Stay focused):
 * the one question of every way out of a page with unsaved changes (a link, Back, logging out).
 */
export function confirmLeaving({ leave, stay }: { leave(): void; stay?(): void }): void {
  confirmDialog({
    message: i18n.t('notices.unsavedChanges'),
    header: i18n.t('notices.confirmTitle'),
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: i18n.t('notices.leave'),
    rejectLabel: i18n.t('notices.stay'),
    defaultFocus: 'reject',
    accept: leave,
    ...(stay ? { reject: stay } : {}),
  });
}
