import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePermissions } from '../../engine/access/usePermissions';
import { holdsSystem } from '../../engine/access/screenAccess';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../engine/api/queryKeys';
import { DiffView } from './DiffView';
import { formatDateTime } from '../../engine/format/formatDateTime';
import { studioCalls, type VersionSummary } from './studioCalls';
import type { StudioDraft } from './useStudioDraft';

const PER_PAGE = 20;

/**
 * A screen's history: its versions newest first (version 0, the built-in file, last), with
 * author, time and comment; the diff between any two, in words and as JSON side by side; a
 * rollback to any version, the return to the built-in file, and each version's export as the
 * file to commit.
 */
export function HistoryDialog({ name, studio, onClose }: { name: string; studio: StudioDraft; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Rollback and the return to the built-in file publish: their own permission (docs/permissions.md).
  const mayPublish = holdsSystem(usePermissions(), 'studio.publish');
  const [page, setPage] = useState(1);
  const versions = useQuery({ queryKey: queryKeys.screens('versions', { name, page }), queryFn: ({ signal }) => studioCalls.versions(name, page, signal) });
  const published = studio.detail.version;
  const rows: VersionSummary[] = [
    ...(versions.data?.data ?? []),
    ...((versions.data?.meta.last_page ?? 1) <= page ? [{ version: 0, author: null, publishedAt: null, comment: null, builtIn: true, baseVersion: 0 }] : []),
  ];
  const choices = rows.map((row) => ({
    value: row.version,
    label: row.version === 0 ? t('screens.studio.version0') : t('screens.studio.versionN', { version: row.version }),
  }));
  const [from, setFrom] = useState<number | undefined>(undefined);
  const [to, setTo] = useState<number | undefined>(undefined);
  const left = from ?? rows[1]?.version ?? 0;
  const right = to ?? rows[0]?.version ?? published;
  const diff = useQuery({
    queryKey: queryKeys.screens('diff', { name, from: left, to: right }),
    queryFn: ({ signal }) => studioCalls.diff(name, left, right, signal),
    enabled: rows.length > 0,
  });

  // The draft starts again from what is now in use (kept as the stored draft too, so a reload shows the same).
  const afterPublish = async (version: number) => {
    const current = await studioCalls.get(name);
    const content = { definition: current.definition, labels: current.labels };
    await studioCalls.saveDraft(name, content);
    studio.reset(content, version);
    await queryClient.invalidateQueries({ queryKey: ['screens'] });
  };

  const rollback = (version: number) =>
    confirmDialog({
      header: t('screens.studio.rollbackTitle'),
      message: t('screens.studio.rollbackQuestion', { version }),
      acceptLabel: t('screens.studio.rollback'),
      rejectLabel: t('screens.studio.goBack'),
      accept: () => void studioCalls.rollback(name, version, '').then((answer) => afterPublish(answer.data.version)),
    });

  const reset = () =>
    confirmDialog({
      header: t('screens.studio.resetTitle'),
      message: t('screens.studio.resetQuestion'),
      acceptLabel: t('screens.studio.reset'),
      rejectLabel: t('screens.studio.goBack'),
      accept: () => void studioCalls.reset(name).then((answer) => afterPublish(answer.data.version)),
    });

  return (
    <Dialog
      header={t('screens.studio.historyTitle')}
      visible
      onHide={onClose}
      className="studio-dialog"
      breakpoints={{ '1100px': '95vw' }}
      style={{ width: '70rem' }}
    >
      {mayPublish ? (
        <div className="studio-history-actions">
          <Button
            type="button"
            label={t('screens.studio.reset')}
            icon="pi pi-replay"
            outlined
            severity="secondary"
            disabled={!studio.detail.customised}
            onClick={reset}
          />
        </div>
      ) : null}
      <DataTable
        value={rows}
        dataKey="version"
        loading={versions.isLoading}
        lazy
        paginator={(versions.data?.meta.total ?? 0) > PER_PAGE}
        rows={PER_PAGE}
        first={(page - 1) * PER_PAGE}
        totalRecords={versions.data?.meta.total ?? 0}
        onPage={(event) => setPage((event.page ?? 0) + 1)}
        className="studio-table"
      >
        <Column
          header={t('screens.studio.version')}
          body={(row: VersionSummary) =>
            row.version === 0 ? t('screens.studio.version0') : `${row.version}${row.version === published ? ` (${t('screens.studio.inUse')})` : ''}`
          }
        />
        <Column header={t('screens.studio.author')} body={(row: VersionSummary) => row.author ?? '—'} />
        <Column header={t('screens.studio.time')} body={(row: VersionSummary) => formatDateTime(row.publishedAt) || '—'} />
        <Column
          header={t('screens.studio.comment')}
          body={(row: VersionSummary) => (row.builtIn && row.version !== 0 ? `${row.comment ?? ''} (${t('screens.studio.builtIn')})` : (row.comment ?? ''))}
        />
        <Column
          header={t('screens.studio.actions')}
          body={(row: VersionSummary) => (
            <div className="studio-row-actions">
              {mayPublish ? (
                <Button
                  type="button"
                  size="small"
                  text
                  label={t('screens.studio.rollback')}
                  aria-label={t('screens.studio.rollbackTo', { version: row.version })}
                  disabled={row.version === published}
                  onClick={() => rollback(row.version)}
                />
              ) : null}
              <a
                className="p-button p-button-text p-button-sm"
                href={studioCalls.exportUrl(name, row.version)}
                download
                aria-label={t('screens.studio.exportVersion', { version: row.version })}
              >
                {t('screens.studio.export')}
              </a>
            </div>
          )}
        />
      </DataTable>
      <h3>{t('screens.studio.compare')}</h3>
      <div className="studio-compare">
        <label htmlFor="diff-from">{t('screens.studio.from')}</label>
        <Dropdown inputId="diff-from" ariaLabel={t('screens.studio.from')} value={left} options={choices} onChange={(event) => setFrom(Number(event.value))} />
        <label htmlFor="diff-to">{t('screens.studio.to')}</label>
        <Dropdown inputId="diff-to" ariaLabel={t('screens.studio.to')} value={right} options={choices} onChange={(event) => setTo(Number(event.value))} />
      </div>
      {diff.data ? <DiffView diff={diff.data} /> : <p className="studio-muted">{t('screens.studio.loading')}</p>}
    </Dialog>
  );
}
