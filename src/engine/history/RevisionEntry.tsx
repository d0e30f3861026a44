import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RevisionAnswer } from '../../../common/historyAnswers';
import { formatDateTime } from '../format/formatDateTime';
import { RevisionChanges } from './RevisionChanges';
import { canBeRestored, revisionAction, revisionAuthor } from './revisionText';

export interface RevisionEntryProps {
  revision: RevisionAnswer;
  /** The screen that names the fields when the revision names none. */
  screen?: string | undefined;
  /** Asks back the revision's values (all its fields, or one); absent where restoring is not offered. */
  onRestore?: ((fields?: string[]) => void) | undefined;
}

/**
 * One revision of a record: what it did, who and when, and, behind a disclosure button, its
 * changes field by field. 'Restore these values' and each field's 'Restore' ask back the values
 * from before it (not on a creation nor on a change made outside the app).
 */
export function RevisionEntry({ revision, screen, onRestore }: RevisionEntryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const headId = `${id}-head`;
  const panelId = `${id}-changes`;
  const restore = onRestore && canBeRestored(revision) ? onRestore : undefined;
  const count = Object.keys(revision.changes).length;
  const kind = revision.restored_from !== null ? ' is-restore' : revision.action === 'outside' ? ' is-outside' : '';
  return (
    <article className={`revision${kind}`} aria-labelledby={headId}>
      <p className="revision-head" id={headId}>
        <span className="revision-action">{revisionAction(revision, t)}</span>
        <span className="revision-who">{revisionAuthor(revision, t)}</span>
        <time className="revision-when" dateTime={revision.at}>
          {formatDateTime(revision.at)}
        </time>
      </p>
      {revision.action === 'outside' ? (
        <p className="history-muted">{t('history.outsideUnknown')}</p>
      ) : (
        <>
          <div className="revision-buttons">
            <Button
              type="button"
              size="small"
              text
              icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
              label={open ? t('history.hideChanges') : t('history.showChanges', { count })}
              aria-expanded={open}
              aria-controls={panelId}
              aria-describedby={headId}
              onClick={() => setOpen((current) => !current)}
            />
            {restore ? (
              <Button
                type="button"
                size="small"
                outlined
                icon="pi pi-undo"
                label={t('history.restoreAll')}
                aria-describedby={headId}
                onClick={() => restore(undefined)}
              />
            ) : null}
          </div>
          <div id={panelId} className="revision-changes" hidden={!open}>
            {open ? <RevisionChanges revision={revision} screen={screen} onRestoreField={restore ? (field) => restore([field]) : undefined} /> : null}
          </div>
        </>
      )}
    </article>
  );
}
