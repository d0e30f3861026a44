import type { DashboardData, DashboardMetric, DashboardPeriod, DashboardSeries, SavedFilters, SavedSearchUser } from '../../../common/dashboard';
import { call, toSearchParams } from '../../engine/api/apiClient';

/** Where the dashboard lives (SPEC §2 `/dashboard`, route id `dashboard`). */
export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_ROUTE_NAME = 'dashboard';

/** The dashboard's calls (SPEC §7 `admin/dashboard…`). */
export const dashboardCalls = {
  data: async (signal?: AbortSignal) => (await call<{ data: DashboardData }>('get', 'dashboard/data', signal ? { signal } : {})).data,
  series: async (metric: DashboardMetric, days: DashboardPeriod, signal?: AbortSignal) =>
    (await call<{ data: DashboardSeries }>('get', 'dashboard/series', { searchParams: toSearchParams({ metric, days }), ...(signal ? { signal } : {}) })).data,
  /** Who saved a search with these filters; a read, though a POST: no success toast. */
  savedSearchUsers: async (savedFilters: SavedFilters, signal?: AbortSignal) =>
    (
      await call<{ data: SavedSearchUser[] }>('post', 'dashboard/get-saved-search-users', {
        json: { savedFilters },
        silentSuccess: true,
        ...(signal ? { signal } : {}),
      })
    ).data,
};
