import { useTranslation } from 'react-i18next';
import type { RevisionAnswer } from '../../../common/historyAnswers';
import { ChangeView } from './ChangeView';
import { useFieldNames } from './useFieldNames';

export interface RevisionChangesProps {
  revision: RevisionAnswer;
  /** The screen that names the fields when the revision names none. */
  screen?: string | undefined;
  /** A 'Restore' button beside each field. */
  onRestoreField?: ((field: string) => void) | undefined;
}

/** What a revision changed, field by field, named by the labels of the screen version it was made with; a change made outside the app says its content is unknown. */
export function RevisionChanges({ revision, screen, onRestoreField }: RevisionChangesProps) {
  const { t } = useTranslation();
  const names = useFieldNames(revision.screen, screen);
  if (revision.action === 'outside') return <p className="history-muted">{t('history.outsideUnknown')}</p>;
  if (Object.keys(revision.changes).length === 0) return <p className="history-muted">{t('history.noChanges')}</p>;
  return <ChangeView changes={revision.changes} names={names} onRestoreField={onRestoreField} />;
}
