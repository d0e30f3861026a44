import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkAction } from '../../../../common/screenDefinition';
import type { BulkBody } from '../../api/bulkApi';
import { optionOf, useOptionRows } from '../../options/useOptions';
import { useBulkAction } from './useBulkAction';

export interface BulkDialogProps {
  /** The list's API (`books`, `demands`). */
  api: string;
  action: BulkAction;
  /** The rows it runs on: those chosen, or every row the list's query matches. */
  target: { ids: number[] } | { query: Record<string, string | string[]> };
  /** How many rows that is. */
  count: number;
  onHide(): void;
  /** Once it has run (the choice of rows is over). */
  onDone(): void;
}

/**
 * A bulk action's dialog (docs/bulk-actions.md): its question, with the value to set (a select of
 * its options) and, when the chosen option asks for it, the second field (a request's commentary);
 * then its progress, then what it did: how many rows, and each refused row with its reason. A job
 * its server left unfinished says how far it got and offers to resume it on the rows left.
 */
export function BulkDialog({ api, action, target, count, onHide, onDone }: BulkDialogProps) {
  const { t } = useTranslation();
  const { progress, run, resume, resuming } = useBulkAction(api);
  const { rows: options, loading } = useOptionRows(action.options);
  const [value, setValue] = useState<string | number | undefined>(undefined);
  const [asked, setAsked] = useState('');
  const chosen = options.find((row) => row[action.options?.valueField ?? 'id'] === value);
  const asking = Boolean(action.ask && chosen && chosen[action.ask.when] === true);
  const needsValue = action.action === 'set' && action.value === undefined;
  const running = progress.phase === 'running';
  const ended = progress.phase === 'ended';

  const apply = () => {
    const body: BulkBody = { action: action.action, ...target };
    if (action.action === 'set') {
      body.field = action.field!;
      body.value = action.value !== undefined ? action.value : (value ?? null);
      if (asking && action.ask) body.with = { [action.ask.field]: asked };
    }
    run(body);
  };
  const close = () => {
    if (ended) onDone();
    onHide();
  };

  const footer = ended ? (
    <div className="bulk-dialog-footer">
      {progress.resumable && progress.left > 0 ? (
        <Button type="button" label={t('bulk.close')} outlined onClick={close} disabled={resuming} />
      ) : (
        <Button type="button" label={t('bulk.close')} onClick={close} />
      )}
      {progress.resumable && progress.left > 0 ? (
        <Button
          type="button"
          icon="pi pi-replay"
          label={t('bulk.resume', { count: progress.left, rows: progress.left.toLocaleString('en') })}
          loading={resuming}
          onClick={resume}
        />
      ) : null}
    </div>
  ) : (
    <div className="bulk-dialog-footer">
      <Button type="button" label={t('bulk.cancel')} outlined onClick={onHide} disabled={running} />
      <Button
        type="button"
        label={t(action.label)}
        icon={action.action === 'delete' ? 'pi pi-trash' : 'pi pi-check'}
        severity={action.action === 'delete' ? 'danger' : undefined}
        loading={running}
        disabled={running || (needsValue && value === undefined) || (asking && !asked.trim())}
        onClick={apply}
      />
    </div>
  );

  return (
    <Dialog header={t(action.label)} visible onHide={close} footer={footer} className="bulk-dialog" modal closable={!running} closeOnEscape={!running}>
      {progress.phase === 'ended' ? (
        <div className="bulk-result" role="status">
          <p className="bulk-result-message">{progress.message}</p>
          {progress.stopped ? <p className="bulk-result-stopped">{progress.stopped}</p> : null}
          {progress.refused.length ? (
            <>
              <h3 className="bulk-result-title">{t('bulk.refusedTitle', { count: progress.refused.length })}</h3>
              <ul className="bulk-result-list" aria-label={t('bulk.refusedTitle', { count: progress.refused.length })}>
                {progress.refused.map((row) => {
                  // A 422's message is its first field error: the others follow it.
                  const more = Object.values(row.errors ?? {})
                    .flat()
                    .filter((message) => message !== row.message);
                  return (
                    <li key={row.id}>
                      <strong>{row.label ?? `#${row.id}`}</strong>: {[row.message, ...more].join(' ')}
                    </li>
                  );
                })}
              </ul>
            </>
          ) : null}
        </div>
      ) : (
        <>
          <p className="bulk-dialog-question">{t(action.confirm, { count })}</p>
          {needsValue && action.options ? (
            <div className="bulk-dialog-field">
              <label htmlFor="bulk-value">{t('bulk.value')}</label>
              <Dropdown
                inputId="bulk-value"
                value={value ?? null}
                options={options.map((row) => optionOf(row, action.options!))}
                optionLabel="label"
                optionValue="value"
                placeholder={loading ? t('app.loading') : t('bulk.pickValue')}
                disabled={loading || running}
                onChange={(event) => setValue(event.value as string | number)}
              />
            </div>
          ) : null}
          {asking && action.ask ? (
            <div className="bulk-dialog-field">
              <label htmlFor="bulk-asked">{t(action.ask.label)}</label>
              <InputTextarea id="bulk-asked" value={asked} rows={4} autoResize disabled={running} onChange={(event) => setAsked(event.target.value)} />
            </div>
          ) : null}
          {running ? (
            <div className="bulk-dialog-progress" role="status">
              {progress.total ? (
                <ProgressBar value={Math.floor((progress.handled / progress.total) * 100)} aria-label={t('bulk.progressLabel')} />
              ) : (
                <ProgressBar mode="indeterminate" aria-label={t('bulk.progressLabel')} style={{ height: '0.5rem' }} />
              )}
              <p>
                {progress.total
                  ? t('bulk.progress', { handled: progress.handled.toLocaleString('en'), total: progress.total.toLocaleString('en') })
                  : t('bulk.running')}
              </p>
              {progress.unreachable ? <p className="bulk-dialog-unreachable">{t('bulk.unreachable')}</p> : null}
            </div>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
