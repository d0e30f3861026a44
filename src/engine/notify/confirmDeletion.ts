import { confirmDialog } from 'primereact/confirmdialog';
import i18n from '../../i18n';

/**
 * Asks SPEC §8's deletion question, 'Are you sure to delete this?' (OK / No, Thanks, the refusal
 * focused), before a row, a block or a booklist entry is deleted: `accept` deletes, `reject` (No,
 * Escape, the close button) may say it was cancelled.
 */
export function confirmDeletion({ accept, reject }: { accept(): void; reject?: () => void }): void {
  confirmDialog({
    message: i18n.t('notices.confirmDelete'),
    header: i18n.t('notices.confirmTitle'),
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: i18n.t('notices.ok'),
    rejectLabel: i18n.t('notices.noThanks'),
    defaultFocus: 'reject',
    accept,
    ...(reject ? { reject } : {}),
  });
}
