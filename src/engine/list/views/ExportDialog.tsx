import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '../../../../common/listExport';
import { formatBytes } from '../../../../common/formatBytes';
import { notify } from '../../notify/notifications';
import { useListExport } from './useListExport';

export interface ExportDialogProps {
  visible: boolean;
  onHide(): void;
  /** The list's API (`books`, `genres`). */
  api: string;
  /** The list's parameters as its API takes them. */
  query: Record<string, unknown>;
  /** The keys of the columns shown, in order. */
  columns: readonly string[];
  /** How many rows the list matches, and whether that count is exact ('10,000+' otherwise). */
  total: number;
  exact: boolean;
}

/**
 * Export of a list (docs/list-export.md): every row its search and filters match, not only the
 * page, with the columns shown, as CSV or XLSX. While the file arrives the dialog shows its
 * progress (rows for a CSV, size for an XLSX) and can stop it; once whole, the file goes to the
 * browser's downloads.
 */
export function ExportDialog({ visible, onHide, api, query, columns, total, exact }: ExportDialogProps) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const { progress, start, cancel } = useListExport({ api, query, columns });
  const count = exact ? total.toLocaleString('en') : `${total.toLocaleString('en')}+`;

  const run = async () => {
    const outcome = await start(format);
    if (outcome.kind === 'saved') {
      notify({ severity: 'success', summary: t('notices.success'), detail: t('listExport.saved', { name: outcome.name }) });
      onHide();
    } else if (outcome.kind === 'cancelled') {
      notify({ severity: 'info', summary: t('listExport.stopped'), detail: t('listExport.cancelled') });
    }
  };

  const footer = progress.running ? (
    <div className="export-dialog-footer">
      <Button type="button" label={t('listExport.stop')} icon="pi pi-times" severity="danger" outlined onClick={cancel} />
    </div>
  ) : (
    <div className="export-dialog-footer">
      <Button type="button" label={t('listExport.cancel')} outlined onClick={onHide} />
      <Button type="button" label={t('listExport.start')} icon="pi pi-download" disabled={total === 0} onClick={() => void run()} />
    </div>
  );
  const percent = progress.running && progress.total && progress.rows !== undefined ? Math.floor((progress.rows / progress.total) * 100) : undefined;

  return (
    <Dialog
      header={t('listExport.title')}
      visible={visible}
      onHide={onHide}
      footer={footer}
      className="export-dialog"
      modal
      closable={!progress.running}
      closeOnEscape={!progress.running}
    >
      <p className="export-dialog-summary">{total === 0 ? t('listExport.nothing') : t('listExport.summary', { count, columns: columns.length })}</p>
      <fieldset className="export-dialog-formats" disabled={progress.running}>
        <legend>{t('listExport.format')}</legend>
        {EXPORT_FORMATS.map((option) => (
          <div key={option} className="export-dialog-format">
            <RadioButton
              inputId={`export-format-${option}`}
              name="export-format"
              value={option}
              checked={format === option}
              onChange={() => setFormat(option)}
            />
            <label htmlFor={`export-format-${option}`}>{t(`listExport.formats.${option}`)}</label>
          </div>
        ))}
      </fieldset>
      {progress.running ? (
        <div className="export-dialog-progress" role="status">
          {percent !== undefined ? (
            <ProgressBar value={percent} aria-label={t('listExport.progressLabel')} />
          ) : (
            <ProgressBar mode="indeterminate" aria-label={t('listExport.progressLabel')} style={{ height: '0.5rem' }} />
          )}
          <p>
            {progress.rows !== undefined && progress.total !== undefined
              ? t('listExport.rowsWritten', { rows: progress.rows.toLocaleString('en'), total: progress.total.toLocaleString('en') })
              : t('listExport.received', { size: formatBytes(progress.bytes) || '0 B' })}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
