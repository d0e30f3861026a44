import { useQuery } from '@tanstack/react-query';
import { Accordion, AccordionTab } from 'primereact/accordion';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../engine/api/queryKeys';
import { deferred } from '../../engine/deferred';
import { dashboardCalls } from './dashboardCalls';
import { PopularBooksSlider } from './PopularBooksSlider';
import { RecentUsers } from './RecentUsers';
import { RequestedCriteria } from './RequestedCriteria';
import { SavedSearchCard } from './SavedSearchCard';
import './dashboard.css';

/** The charts and chart.js: their own chunk, loaded by the dashboard only. */
const UsageCharts = deferred(() => import('./UsageCharts').then((m) => m.UsageCharts));

/**
 * The charts' code (Chart.js), which the page's route waits for (src/app/router.tsx; the page's
 * HTML asks for it at once, server/plugins/pageCode.ts): shown with the rest of the page, the charts
 * never push the cards below them down as they arrive.
 */
export const loadDashboardCode = (): Promise<unknown> => UsageCharts.preload();

/**
 * `/dashboard` (SPEC §2 'Dashboard'): the usage charts, the most viewed sheets, the latest saved
 * searches, and at the right the recently connected users and the most requested criteria.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const data = useQuery({ queryKey: queryKeys.dashboard('data'), queryFn: ({ signal }) => dashboardCalls.data(signal) });
  return (
    <section className="page dashboard-page">
      <div className="page-header">
        <h1 className="page-title">{t('screens.dashboard.title')}</h1>
      </div>
      <div className="dashboard-grid">
        <div className="dashboard-main">
          <UsageCharts />
          {data.isLoading ? <ProgressSpinner /> : null}
          {data.isError ? (
            <p className="load-error" role="alert">
              {t('list.loadFailed')}
            </p>
          ) : null}
          {data.data ? (
            <>
              <PopularBooksSlider books={data.data.popularBooks} />
              <section className="dashboard-card" aria-labelledby="dashboard-searches">
                <header className="dashboard-card-head">
                  <h2 id="dashboard-searches">{t('screens.dashboard.searches.title')}</h2>
                </header>
                {data.data.recentSearches.length ? (
                  <div className="dashboard-searches">
                    {data.data.recentSearches.map((search) => (
                      <SavedSearchCard key={`${search.createdAt}-${JSON.stringify(search.savedFilters)}`} search={search} />
                    ))}
                  </div>
                ) : (
                  <p className="muted">{t('screens.dashboard.searches.none')}</p>
                )}
              </section>
            </>
          ) : null}
        </div>
        <aside className="dashboard-side" aria-label={t('screens.dashboard.side')}>
          <Accordion multiple activeIndex={[0, 1]}>
            <AccordionTab
              header={
                <span className="dashboard-side-title">
                  Les utilisateurs — <small>RÉCEMMENT CONNECTÉS</small>
                </span>
              }
            >
              {data.data ? <RecentUsers users={data.data.recentUsers} /> : null}
            </AccordionTab>
            <AccordionTab
              header={
                <span className="dashboard-side-title">
                  Critères — <small>LES PLUS DEMANDÉS</small>
                </span>
              }
            >
              {data.data ? <RequestedCriteria criteria={data.data.recentCriteria} /> : null}
            </AccordionTab>
          </Accordion>
        </aside>
      </div>
    </section>
  );
}
