import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format/formatDateTime';
import { ChangeView } from './ChangeView';
import { revisionAction, revisionAuthor } from './revisionText';
import type { RestoreFlow, RestoreState } from './useRestore';

export interface RestoreDialogProps {
  flow: RestoreFlow;
  /** The form has unsaved changes: a restore replaces them with the record as restored. */
  dirty?: boolean | undefined;
}

/**
 * The question before a restore, naming the fields it brings back; after a 409, what changed in
 * between and by whom, with 'Restore anyway'; after a refusal, the server's message and errors.
 */
export function RestoreDialog({ flow, dirty }: RestoreDialogProps) {
  const { t } = useTranslation();
  const { names } = flow;
  // The last state stays in view while the dialog closes.
  const [shown, setShown] = useState<RestoreState | undefined>(flow.state);
  if (flow.state && flow.state !== shown) setShown(flow.state);
  const state = flow.state ?? shown;
  if (!state) return null;
  const { target, stale, refusal, sending } = state;
  const fields = target.fields ?? Object.keys(target.revision.changes);
  const labels = fields.map((field) => names.label([field])).join(', ');
  const when = formatDateTime(target.revision.at);
  const who = revisionAuthor(target.revision, t);

  const errorLines = refusal
    ? Object.entries(refusal.errors).flatMap(([key, messages]) => {
        const match = /^fields\.(\d+)$/.exec(key);
        const field = match ? target.fields?.[Number(match[1])] : undefined;
        const label = key === '_' || key === 'fields' ? undefined : field ? names.label([field]) : match ? undefined : names.fullLabel(key);
        return messages.filter((message) => message !== refusal.message).map((message) => (label ? `${label}: ${message}` : message));
      })
    : [];

  let header: string;
  let body: ReactNode;
  let footer: ReactNode;
  const cancel = <Button type="button" label={t('history.cancel')} text onClick={flow.cancel} disabled={sending} />;
  if (refusal) {
    header = t('history.refusedTitle');
    body = (
      <div className="restore-body" role="alert">
        <p>{refusal.message}</p>
        {errorLines.length ? (
          <ul className="restore-errors">
            {errorLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
    );
    footer = <Button type="button" label={t('notices.ok')} onClick={flow.cancel} autoFocus />;
  } else if (stale) {
    header = t('history.staleTitle');
    body = (
      <div className="restore-body">
        <p role="alert">{stale.message}</p>
        <h3>{t('history.changedBy')}</h3>
        <ul className="restore-revisions">
          {stale.revisions.map((revision) => (
            <li key={revision.id}>
              {revisionAction(revision, t)}, {revisionAuthor(revision, t)}, <time dateTime={revision.at}>{formatDateTime(revision.at)}</time>
            </li>
          ))}
        </ul>
        <h3>{t('history.changedSince')}</h3>
        {Object.keys(stale.changes).length ? <ChangeView changes={stale.changes} names={names} /> : <p className="history-muted">{t('history.noChanges')}</p>}
        <p>{t('history.restoreAnywayQuestion', { fields: labels })}</p>
      </div>
    );
    footer = (
      <>
        {cancel}
        <Button type="button" label={t('history.restoreAnyway')} icon="pi pi-undo" severity="danger" loading={sending} onClick={() => void flow.confirm()} />
      </>
    );
  } else {
    header = t(target.fields ? 'history.confirmFieldTitle' : 'history.confirmTitle');
    body = (
      <div className="restore-body">
        <p>{t('history.confirmQuestion', { fields: labels, when, who })}</p>
        <p>{t('history.confirmNewVersion')}</p>
        {dirty ? <p className="restore-warning">{t('history.dirtyWarning')}</p> : null}
      </div>
    );
    footer = (
      <>
        {cancel}
        <Button type="button" label={t('history.restore')} icon="pi pi-undo" loading={sending} onClick={() => void flow.confirm()} autoFocus />
      </>
    );
  }

  return (
    <ConfirmDialog
      visible={flow.state !== undefined}
      onHide={() => {
        if (!sending) flow.cancel();
      }}
      header={header}
      message={body}
      footer={footer}
      closable={!sending}
      className="restore-dialog"
      breakpoints={{ '900px': '95vw' }}
    />
  );
}
