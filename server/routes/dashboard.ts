import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { strictListQuery } from '../http/listQuery.js';
import { dashboardData, dashboardSeries, SAVED_SEARCH_USERS_BODY, savedSearchUsers, SERIES_QUERY } from '../services/dashboardService.js';

/**
 * The dashboard (SPEC §7): `GET dashboard/data`, `POST dashboard/get-saved-search-users`, and,
 * for its charts, `GET dashboard/series?metric=&days=`. docs/dashboard.md.
 */
export async function dashboardRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/dashboard/data', async () => ({ data: await dashboardData(app.db) }));
  app.post('/dashboard/get-saved-search-users', { config: { bodySchema: SAVED_SEARCH_USERS_BODY } }, (request) => savedSearchUsers(app.db, request.body));
  const { check, ...seriesOptions } = strictListQuery(SERIES_QUERY);
  app.get('/dashboard/series', seriesOptions, async (request) => {
    check(request);
    return dashboardSeries(app.db, request.query);
  });
}
