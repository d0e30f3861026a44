import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RecentSearch } from '../../../common/dashboard';
import { queryKeys } from '../../engine/api/queryKeys';
import { StarsDisplay } from '../../widgets/stars/StarsDisplay';
import { dayOf } from '../../widgets/subscriptionPanel/dates';
import { userPath } from './dashboardPaths';
import { dashboardCalls } from './dashboardCalls';

/** Below this rate, a rating reads 'et plus' (SPEC §2 'Dashboard'). */
const AND_MORE_BELOW = 3;

/**
 * A card of 'Recherches enregistrées': the search's date, its criteria by category, its ratings as
 * four stars; the arrow opens 'Recherché par:', the users who saved the same filters, loaded on the
 * first opening ('Loading ...', then the users or '-'); a failed load closes it again.
 */
export function SavedSearchCard({ search }: { search: RecentSearch }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const users = useQuery({
    queryKey: queryKeys.dashboard('saved-search-users', search.savedFilters),
    queryFn: ({ signal }) => dashboardCalls.savedSearchUsers(search.savedFilters, signal),
    enabled: open,
    retry: false,
    staleTime: 60_000,
  });
  // A failed load: the data client has said why; the list closes, to be asked again on the next opening.
  const [failures, setFailures] = useState(0);
  if (users.errorUpdateCount !== failures) {
    setFailures(users.errorUpdateCount);
    setOpen(false);
  }
  return (
    <article className="dashboard-search">
      <header className="dashboard-search-head">
        <time dateTime={search.createdAt}>{dayOf(search.createdAt)}</time>
        <Button
          type="button"
          icon={open ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
          rounded
          text
          size="small"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={t('screens.dashboard.searches.searchedBy')}
          onClick={() => {
            if (!open && users.isError) void users.refetch();
            setOpen(!open);
          }}
        />
      </header>
      {search.criteria.length || search.ratings.length ? (
        <dl className="dashboard-search-criteria">
          {search.criteria.map((criterion) => (
            <div key={criterion.name}>
              <dt>{criterion.name}</dt>
              <dd>{criterion.values.join(', ')}</dd>
            </div>
          ))}
          {search.ratings.map((rating) => (
            <div key={rating.id}>
              <dt>{rating.name}</dt>
              <dd className="dashboard-search-rating">
                <StarsDisplay value={rating.rate} label={t('screens.dashboard.searches.rate', { name: rating.name, rate: rating.rate })} />
                {rating.rate < AND_MORE_BELOW ? <span>{t('screens.dashboard.searches.andMore')}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">{t('screens.dashboard.searches.noFilter')}</p>
      )}
      {open ? (
        <div id={listId} className="dashboard-search-users">
          <strong>{t('screens.dashboard.searches.searchedBy')}</strong>
          {users.isFetching && !users.data ? (
            <p className="muted">{t('screens.dashboard.searches.loading')}</p>
          ) : users.data?.length ? (
            <ul>
              {users.data.map((user) => (
                <li key={user.id}>
                  <Link to={userPath(user.id)}>{user.fullname}</Link>
                  {user.company ? <span className="muted"> ({user.company})</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>-</p>
          )}
        </div>
      ) : null}
    </article>
  );
}
