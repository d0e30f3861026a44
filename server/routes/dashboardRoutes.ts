import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_METRICS, DASHBOARD_PERIODS } from '../../common/dashboard.js';
import { dataAnswer, DATE_TIME, INTEGER, nullable, objectOf, responses, STRING } from '../../common/answerSchemas.js';
import { strictListQuery } from '../http/listQuery.js';
import { dashboardData, dashboardSeries, SAVED_SEARCH_USERS_BODY, savedSearchUsers, SERIES_QUERY } from '../usage/dashboardService.js';

const CRITERION = objectOf({ name: STRING, values: { type: 'array', items: STRING } });
const SAVED_FILTERS = { type: 'object', additionalProperties: { type: 'array', items: INTEGER } };

/** `GET admin/dashboard/data` (common/dashboard.ts, DashboardData). */
const DASHBOARD = objectOf({
  recentUsers: { type: 'array', items: objectOf({ id: INTEGER, fullname: STRING, numberConnections: INTEGER, lastConnectionDate: nullable(DATE_TIME) }) },
  recentCriteria: { type: 'array', items: objectOf({ searchDate: DATE_TIME, criteria: { type: 'array', items: CRITERION }, numberSearches: INTEGER }) },
  popularBooks: {
    type: 'array',
    items: objectOf({
      id: INTEGER,
      numberViews: INTEGER,
      coverUrl: nullable(STRING),
      primaryGenreColor: nullable(STRING),
      originalTitle: STRING,
      authorNames: STRING,
    }),
  },
  recentSearches: {
    type: 'array',
    items: objectOf({
      createdAt: DATE_TIME,
      criteria: { type: 'array', items: CRITERION },
      ratings: { type: 'array', items: objectOf({ id: STRING, name: STRING, rate: INTEGER }) },
      savedFilters: SAVED_FILTERS,
    }),
  },
});

/** `GET admin/dashboard/series`: one point per day, oldest first. */
const SERIES = objectOf({
  metric: { enum: [...DASHBOARD_METRICS] },
  days: { enum: [...DASHBOARD_PERIODS] },
  points: { type: 'array', items: objectOf({ date: { type: 'string', format: 'date' }, value: INTEGER }) },
});

/**
 * The dashboard (SPEC §7): `GET dashboard/data`, `POST dashboard/get-saved-search-users`, and,
 * for its charts, `GET dashboard/series?metric=&days=`. docs/dashboard.md.
 */
export async function dashboardRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  // Every administrator's home: counts and charts, no record.
  app.get('/dashboard/data', { config: { need: 'self' }, schema: { response: responses(dataAnswer(DASHBOARD)) } }, async () => ({
    data: await dashboardData(app.db),
  }));
  app.post(
    '/dashboard/get-saved-search-users',
    {
      // Subscribers by name: as their list shows them.
      config: { bodySchema: SAVED_SEARCH_USERS_BODY, need: { screen: 'users', action: 'list' } },
      schema: { response: responses(dataAnswer({ type: 'array', items: objectOf({ id: INTEGER, fullname: STRING, company: nullable(STRING) }) })) },
    },
    (request) => savedSearchUsers(app.db, request.body),
  );
  const { check, ...seriesOptions } = strictListQuery(SERIES_QUERY);
  app.get(
    '/dashboard/series',
    { ...seriesOptions, config: { need: 'self' }, schema: { ...seriesOptions.schema, response: responses(dataAnswer(SERIES)) } },
    async (request) => {
      check(request);
      return dashboardSeries(app.db, request.query);
    },
  );
}
