import { useQuery } from '@tanstack/react-query';
import { Chart } from 'primereact/chart';
import { SelectButton } from 'primereact/selectbutton';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_METRICS, DASHBOARD_PERIODS, type DashboardMetric, type DashboardPeriod } from '../../../common/dashboard';
import { queryKeys } from '../../engine/api/queryKeys';
import { dashboardCalls } from './dashboardCalls';

/** Each metric's colour (the brand's blue first). */
const COLOURS: Record<DashboardMetric, string> = { views: '#0091ea', connections: '#7c3aed', requests: '#f59e0b', subscriptions: '#059669' };

/** One chart: a metric per day over the period, its total in its caption (what the canvas shows, in words). */
function UsageChart({ metric, days }: { metric: DashboardMetric; days: DashboardPeriod }) {
  const { t } = useTranslation();
  const series = useQuery({
    queryKey: queryKeys.dashboard('series', { metric, days }),
    queryFn: ({ signal }) => dashboardCalls.series(metric, days, signal),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  const points = series.data?.points;
  const total = points?.reduce((sum, point) => sum + point.value, 0) ?? 0;
  const title = t(`screens.dashboard.charts.metrics.${metric}`);
  const caption = t('screens.dashboard.charts.total', { title, count: total, days });
  // The chart is drawn again on each render of PrimeReact's Chart: its inputs are kept while the points are the same.
  const data = useMemo(
    () => ({
      labels: (points ?? []).map((point) => point.date.slice(5)),
      datasets: [
        {
          label: title,
          data: (points ?? []).map((point) => point.value),
          borderColor: COLOURS[metric],
          backgroundColor: `${COLOURS[metric]}33`,
          fill: true,
          cubicInterpolationMode: 'monotone' as const,
          pointRadius: days > 30 ? 0 : 2,
        },
      ],
    }),
    [points, title, metric, days],
  );
  const options = useMemo(
    () => ({
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: false } },
      scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { ticks: { maxTicksLimit: 8 } } },
    }),
    [],
  );
  return (
    <figure className="dashboard-chart" data-metric={metric} data-points={points?.length ?? 0}>
      <figcaption>
        <strong>{title}</strong> <span className="muted">{caption}</span>
      </figcaption>
      {series.isError ? (
        <p className="muted">{t('list.loadFailed')}</p>
      ) : points ? (
        // Drawn once its points are here: PrimeReact's Chart loads chart.js on each draw, and an
        // earlier draw of no points could land after this one.
        <Chart type="line" data={data} options={options} ariaLabel={caption} className="dashboard-chart-canvas" />
      ) : (
        <div className="dashboard-chart-canvas" />
      )}
    </figure>
  );
}

/**
 * The usage charts above the lists: sheet views, subscriber connections, requests and new
 * subscriptions per day, over 7, 30 or 90 days (one period for the four). Loaded on its own, with
 * chart.js, so that no other page pays for it.
 */
export function UsageCharts() {
  const { t } = useTranslation();
  const [days, setDays] = useState<DashboardPeriod>(30);
  const periods = DASHBOARD_PERIODS.map((value) => ({ value, label: t('screens.dashboard.charts.days', { count: value }) }));
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-charts">
      <header className="dashboard-card-head">
        <h2 id="dashboard-charts">{t('screens.dashboard.charts.title')}</h2>
        <SelectButton
          value={days}
          options={periods}
          allowEmpty={false}
          onChange={(event) => setDays(event.value as DashboardPeriod)}
          aria-label={t('screens.dashboard.charts.period')}
        />
      </header>
      <div className="dashboard-charts">
        {DASHBOARD_METRICS.map((metric) => (
          <UsageChart key={metric} metric={metric} days={days} />
        ))}
      </div>
    </section>
  );
}
