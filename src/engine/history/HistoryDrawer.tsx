import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Sidebar } from 'primereact/sidebar';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RestoreDialog } from './RestoreDialog';
import { RevisionEntry } from './RevisionEntry';
import { useRecordHistory } from './useRecordHistory';
import { useRestore } from './useRestore';
import './history.css';

export interface HistoryDrawerProps {
  /** The record's resource (its API name: `books` for the reading sheets) and id. */
  api: string;
  recordId: string | number;
  /** The screen whose labels name the fields of a revision that names none. */
  screen?: string | undefined;
  visible: boolean;
  onHide(): void;
  /** Whether the values of a revision may be asked back (the page edits the record). */
  canRestore: boolean;
  /** The form has unsaved changes (a restore replaces them: the question says so). */
  dirty?: boolean | undefined;
  /** Called once a restore is done and the record read again: the page shows it as restored. */
  onRestored?: (() => void) | undefined;
}

/** Keeps Tab and Shift+Tab inside the drawer while it covers the page. */
function keepFocusInside(event: KeyboardEvent<HTMLDivElement>): void {
  // Events of the restore dialog (a portal of this tree) are its own.
  if (event.key !== 'Tab' || !event.currentTarget.contains(event.target as Node)) return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])')].filter(
    (element) => !element.closest('[hidden]'),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A record's history (docs/record-history.md) in a drawer at the right of its form: its revisions
 * newest first, 'Load more' for older ones, each with who, when and what it did, its changes field
 * by field, and the restore of its values. A dialog of its own (named by its heading, focus kept
 * inside; the page gives the focus back to the button that opened it).
 */
export function HistoryDrawer({ api, recordId, screen, visible, onHide, canRestore, dirty, onRestored }: HistoryDrawerProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const history = useRecordHistory(api, recordId, { enabled: visible });
  const flow = useRestore({ api, recordId, version: history.version, screen, onRestored });

  let body: ReactNode;
  if (history.loading) body = <ProgressSpinner aria-label={t('app.loading')} />;
  else if (history.error) body = <p role="alert">{t('history.loadFailed')}</p>;
  else if (history.revisions.length === 0) body = <p className="history-muted">{t('history.none')}</p>;
  else
    body = (
      <>
        <p className="history-summary">{t('history.count', { count: history.total })}</p>
        <ol className="history-entries">
          {history.revisions.map((revision) => (
            <li key={revision.id}>
              <RevisionEntry revision={revision} screen={screen} onRestore={canRestore ? (fields) => flow.ask({ revision, fields }) : undefined} />
            </li>
          ))}
        </ol>
        {history.hasMore ? (
          <div className="history-more">
            <Button type="button" label={t('history.loadMore')} icon="pi pi-angle-down" outlined loading={history.loadingMore} onClick={history.loadMore} />
          </div>
        ) : null}
      </>
    );

  return (
    <>
      <Sidebar
        visible={visible}
        position="right"
        onHide={onHide}
        className="history-drawer"
        header={
          <h2 id={headingId} className="history-title">
            {t('history.title')}
          </h2>
        }
        ariaCloseLabel={t('history.closeDrawer')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        onKeyDown={keepFocusInside}
        blockScroll
      >
        {body}
      </Sidebar>
      <RestoreDialog flow={flow} dirty={dirty} />
    </>
  );
}
