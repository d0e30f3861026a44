import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Messages } from '../../../common/i18nResources';
import { queryKeys } from '../../engine/api/queryKeys';
import { useScreens } from '../../engine/resource/definitions';
import { formatDateTime } from '../../engine/format/formatDateTime';
import { flaggedVersion, ReleaseNotice } from './ReleaseNotice';
import { studioCalls, type ScreenSummary } from './studioCalls';
import { screenTitle } from './screenTitle';
import { studioScreenPath } from './studioRoute';
import './studio.css';

/**
 * `/studio` ('Screens' in the Settings menu): every screen staff can change, built-in or
 * customised, its published version with its author and date, and whether a draft waits. A screen
 * whose newest version this release does not use (it no longer fits, or conflicts with the
 * release's file) is flagged above the list with the reason, and opens as a draft to repair.
 */
export function StudioListScreen() {
  const { t } = useTranslation();
  const screens = useQuery({ queryKey: queryKeys.screens('list'), queryFn: ({ signal }) => studioCalls.list(signal) });
  const inUse = useScreens();
  // A screen's name as its own page titles it (its definition's `title`).
  const title = (row: ScreenSummary) => screenTitle(t, inUse, row.name);
  const flagged = (screens.data ?? []).filter((row) => flaggedVersion(row) !== undefined);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [repairing, setRepairing] = useState<string | undefined>(undefined);
  // The flagged version (or its merge with the release's file) becomes the screen's draft, which its page then opens.
  const repair = (row: ScreenSummary) => {
    const open = async () => {
      setRepairing(row.name);
      try {
        const detail = await studioCalls.get(row.name);
        if (detail.repair) await studioCalls.openRepair(row.name, { definition: detail.repair.definition, labels: detail.repair.labels as Messages });
        await queryClient.invalidateQueries({ queryKey: ['screens'] });
        navigate(studioScreenPath(row.name));
      } catch {
        // The refusal is in a toast; the list stays.
      } finally {
        setRepairing(undefined);
      }
    };
    if (!row.hasDraft) return void open();
    confirmDialog({
      header: t('screens.studio.repairConfirmTitle'),
      message: t('screens.studio.repairConfirm', { version: flaggedVersion(row) }),
      acceptLabel: t('screens.studio.repairReplace'),
      rejectLabel: t('screens.studio.goBack'),
      accept: () => void open(),
    });
  };
  return (
    <section className="page studio-list-page">
      <div className="page-header">
        <h1 className="page-title">{t('screens.studio.title')}</h1>
      </div>
      <p className="studio-muted">{t('screens.studio.intro')}</p>
      {flagged.length > 0 ? (
        <div className="studio-releases" role="group" aria-label={t('screens.studio.releaseFlags')}>
          {flagged.map((row) => (
            <ReleaseNotice key={row.name} flags={row} screen={title(row)} busy={repairing === row.name} onRepair={() => repair(row)} />
          ))}
        </div>
      ) : null}
      <DataTable
        value={screens.data ?? []}
        loading={screens.isLoading}
        dataKey="name"
        emptyMessage={t('screens.studio.noScreens')}
        className="studio-table"
        stripedRows
      >
        <Column
          header={t('screens.studio.screen')}
          body={(row: ScreenSummary) => (
            <Link to={studioScreenPath(row.name)} className="studio-link">
              {title(row)} <code className="studio-muted">{row.name}</code>
            </Link>
          )}
        />
        <Column
          header={t('screens.studio.state')}
          body={(row: ScreenSummary) =>
            flaggedVersion(row) !== undefined ? (
              <span className="studio-badge is-flagged">{t('screens.studio.notInUse')}</span>
            ) : (
              <span className={`studio-badge${row.customised ? ' is-customised' : ''}`}>
                {t(row.customised ? 'screens.studio.customised' : 'screens.studio.builtIn')}
              </span>
            )
          }
          style={{ width: '9rem' }}
        />
        <Column
          header={t('screens.studio.published')}
          body={(row: ScreenSummary) =>
            row.version === 0
              ? t('screens.studio.version0')
              : t('screens.studio.versionBy', { version: row.version, author: row.author ?? '', date: formatDateTime(row.publishedAt) })
          }
        />
        <Column
          header={t('screens.studio.draft')}
          body={(row: ScreenSummary) => (row.hasDraft ? <span className="studio-badge is-draft">{t('screens.studio.draftWaits')}</span> : null)}
          style={{ width: '9rem' }}
        />
      </DataTable>
    </section>
  );
}
