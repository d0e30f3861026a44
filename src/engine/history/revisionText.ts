import type { TFunction } from 'i18next';
import type { RevisionAnswer } from '../../../common/historyAnswers';

/**
 * Who made a revision, in staff's words: the administrator's name; 'Changed outside the app' for a
 * change made outside it (by hand in the database); 'The app' for its own work (seeds, jobs).
 */
export function revisionAuthor(revision: Pick<RevisionAnswer, 'action' | 'administrator'>, t: TFunction): string {
  if (revision.action === 'outside') return t('history.outside');
  if (!revision.administrator) return t('history.theApp');
  return revision.administrator.name ?? t('history.administratorN', { id: revision.administrator.id });
}

/** What a revision did: Created, Updated, Deleted, Restored from an earlier version, Changed outside the app. */
export function revisionAction(revision: Pick<RevisionAnswer, 'action' | 'restored_from'>, t: TFunction): string {
  if (revision.restored_from !== null) return t('history.actions.restored');
  return t(`history.actions.${revision.action}`);
}

/** Whether a revision's values can be asked back: not a creation (delete the record instead) nor a change outside the app (its content is unknown). */
export const canBeRestored = (revision: Pick<RevisionAnswer, 'action'>): boolean => revision.action === 'update' || revision.action === 'delete';
