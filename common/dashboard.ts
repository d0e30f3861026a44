import type { SavedFilterCategory } from './subscribers';

/**
 * The dashboard's wire shapes (SPEC §3 'Dashboard data', §7 `admin/dashboard…`): the server builds
 * them (server/usage/dashboardService.ts), the dashboard screen reads them
 * (src/screens/dashboard). Timestamps are `Date` on the server and ISO strings once sent: the `D`
 * parameter. Names are resolved on the server, in English.
 */

/** A subscriber among the most recently connected. */
export type DashboardUser<D = string> = { id: number; fullname: string; numberConnections: number; lastConnectionDate: D | null };

/** One category of search criteria, by name, with the chosen values' names. */
type DashboardCriterion = { name: string; values: string[] };

/**
 * A category of criteria among the most requested in the saved searches of the last 90 days
 * (`recentCriteria`): `criteria` holds that one category (a list, as a search's criteria are) with
 * its most chosen values first; the date of the latest search naming it, and how many searches did.
 */
export type DashboardCriteria<D = string> = { searchDate: D; criteria: [DashboardCriterion]; numberSearches: number };

/** A sheet among the most viewed. */
export type PopularBook = {
  id: number;
  numberViews: number;
  /** The first cover's address, or null (the primary genre's colour shows instead). */
  coverUrl: string | null;
  primaryGenreColor: string | null;
  originalTitle: string;
  /** The authors' names joined by ', '. */
  authorNames: string;
};

/** A rating of a saved search: at least `rate` stars of the rating type `id`. */
type DashboardRating = { id: string; name: string; rate: number };

/** The filters of a saved search as saved: ids per category. `POST admin/dashboard/get-saved-search-users` takes them back. */
export type SavedFilters = Partial<Record<SavedFilterCategory, number[]>>;

/** A recent saved search. */
export type RecentSearch<D = string> = { createdAt: D; criteria: DashboardCriterion[]; ratings: DashboardRating[]; savedFilters: SavedFilters };

/** `GET admin/dashboard/data`. */
export type DashboardData<D = string> = {
  recentUsers: DashboardUser<D>[];
  recentCriteria: DashboardCriteria<D>[];
  popularBooks: PopularBook[];
  recentSearches: RecentSearch<D>[];
};

/** A user who saved a search with given filters (`POST admin/dashboard/get-saved-search-users`). */
export type SavedSearchUser = { id: number; fullname: string; company: string | null };

/** What the dashboard's charts count per day. */
export const DASHBOARD_METRICS = ['views', 'connections', 'requests', 'subscriptions'] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];

/** The charts' periods, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** `GET admin/dashboard/series?metric=&days=`: one point per day (UTC, oldest first, today last), days without any counted 0. */
export type DashboardSeries = { metric: DashboardMetric; days: DashboardPeriod; points: { date: string; value: number }[] };

/** How many of each list the dashboard shows. */
export const DASHBOARD_LIMITS = { recentUsers: 10, recentCriteria: 8, popularBooks: 12, recentSearches: 8, criteriaValues: 5, criteriaDays: 90 } as const;
