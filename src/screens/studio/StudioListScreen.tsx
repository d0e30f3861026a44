import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { queryKeys } from '../../engine/api/queryKeys';
import { useScreens } from '../../engine/resource/definitions';
import { formatDateTime } from '../../engine/format/formatDateTime';
import { studioCalls, type ScreenSummary } from './studioCalls';
import { studioScreenPath } from './studioRoute';
import './studio.css';

/**
 * `/studio` ('Screens' in the Settings menu): every screen staff can change, built-in or
 * customised, its published version with its author and date, and whether a draft waits.
 */
export function StudioListScreen() {
  const { t } = useTranslation();
  const screens = useQuery({ queryKey: queryKeys.screens('list'), queryFn: ({ signal }) => studioCalls.list(signal) });
  const inUse = useScreens();
  // A screen's name as its own page titles it (its definition's `title`).
  const title = (row: ScreenSummary) => (row.kind === 'form' ? t('screens.studio.readingSheetEditor') : t(inUse.find((screen) => screen.resource === row.name)?.title ?? row.name));
  return (
    <section className="page studio-list-page">
      <div className="page-header">
        <h1 className="page-title">{t('screens.studio.title')}</h1>
      </div>
      <p className="studio-muted">{t('screens.studio.intro')}</p>
      <DataTable value={screens.data ?? []} loading={screens.isLoading} dataKey="name" emptyMessage={t('screens.studio.noScreens')} className="studio-table" stripedRows>
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
          body={(row: ScreenSummary) => <span className={`studio-badge${row.customised ? ' is-customised' : ''}`}>{t(row.customised ? 'screens.studio.customised' : 'screens.studio.builtIn')}</span>}
          style={{ width: '9rem' }}
        />
        <Column
          header={t('screens.studio.published')}
          body={(row: ScreenSummary) => (row.version === 0 ? t('screens.studio.version0') : t('screens.studio.versionBy', { version: row.version, author: row.author ?? '', date: formatDateTime(row.publishedAt) }))}
        />
        <Column header={t('screens.studio.draft')} body={(row: ScreenSummary) => (row.hasDraft ? <span className="studio-badge is-draft">{t('screens.studio.draftWaits')}</span> : null)} style={{ width: '9rem' }} />
      </DataTable>
    </section>
  );
}
