import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DashboardUser } from '../../../common/dashboard';
import { dayOf } from '../../widgets/subscriptionPanel/dates';
import { userPath } from './dashboardPaths';

/** 'Les utilisateurs — RÉCEMMENT CONNECTÉS': the latest connected subscribers, each opening the user screen. */
export function RecentUsers({ users }: { users: readonly DashboardUser[] }) {
  const { t } = useTranslation();
  if (!users.length) return <p className="muted">{t('screens.dashboard.users.none')}</p>;
  return (
    <ul className="dashboard-list">
      {users.map((user) => (
        <li key={user.id}>
          <Link to={userPath(user.id)}>{user.fullname || '-'}</Link>
          <span className="muted">{t('screens.dashboard.users.connections', { count: user.numberConnections, date: dayOf(user.lastConnectionDate) })}</span>
        </li>
      ))}
    </ul>
  );
}
