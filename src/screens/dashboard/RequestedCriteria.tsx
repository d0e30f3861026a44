import { useTranslation } from 'react-i18next';
import type { DashboardCriteria } from '../../../common/dashboard';
import { dayOf } from '../../widgets/subscriptionPanel/dates';

/** 'Critères — LES PLUS DEMANDÉS': the categories most named by recent saved searches, with their most chosen values. */
export function RequestedCriteria({ criteria }: { criteria: readonly DashboardCriteria[] }) {
  const { t } = useTranslation();
  if (!criteria.length) return <p className="muted">{t('screens.dashboard.criteria.none')}</p>;
  return (
    <ul className="dashboard-list">
      {criteria.map((entry) => (
        <li key={entry.criteria[0].name}>
          <strong>{entry.criteria[0].name}</strong>
          <span>{entry.criteria[0].values.join(', ')}</span>
          <span className="muted">{t('screens.dashboard.criteria.searches', { count: entry.numberSearches, date: dayOf(entry.searchDate) })}</span>
        </li>
      ))}
    </ul>
  );
}
