import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { LOCALES } from '../../common/locales.js';
import { MAX_INT_ID } from '../db/limits.js';
import { strictListQuery } from '../http/listQuery.js';
import { pagingQuerySchema } from '../http/paging.js';
import { idParamsSchema } from '../http/pathParams.js';
import { MAX_FILTER_VALUES } from '../resources/listQuerySchema.js';
import { CREDITS_BODY, setCredits, VALIDATE_BODY, validateUser } from '../services/subscriptionService.js';
import { userCreditHistory, userLibraries, userOptions, userRoleOptions, userSavedSearches } from '../services/userActivityService.js';

const idList = { type: 'array', items: { type: 'integer', minimum: 1, maximum: MAX_INT_ID }, maxItems: MAX_FILTER_VALUES } as const;
const search = { type: 'string', maxLength: 200 } as const;

const pagedQuery = { type: 'object', properties: { ...pagingQuerySchema } } as const;
const searchesQuery = { type: 'object', properties: { lang: { type: 'string', enum: LOCALES } } } as const;
const userOptionsQuery = { type: 'object', properties: { ...pagingQuerySchema, search, ids: idList } } as const;
const roleOptionsQuery = { type: 'object', properties: { ...pagingQuerySchema, search, ids: idList } } as const;

const recordRoute = { schema: { params: idParamsSchema } } as const;

/**
 * The user screen's calls besides the resource's own (`GET/POST/DELETE admin/users[/{id}]`,
 * server/resources/users.ts): validation, libraries, saved searches, credits and their history,
 * and the user pickers' option lists. Static segments (`user-options-list`, `libraries`) win over
 * `/users/:id`. docs/api.md, 'Users and subscriptions'.
 */
export async function userRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  const admin = (request: { admin: { id: number } | null }) => request.admin?.id ?? null;

  app.post('/users/validate/:id', { ...recordRoute, config: { bodySchema: VALIDATE_BODY } }, (request) => validateUser(app.db, request.params.id, request.body));

  const { check: checkPaged, ...pagedOptions } = strictListQuery(pagedQuery);
  const pagedById = { ...pagedOptions, schema: { ...pagedOptions.schema, params: idParamsSchema } };
  app.get('/users/libraries/:id', pagedById, async (request) => {
    checkPaged(request);
    return userLibraries(app.db, request.params.id, request.query);
  });
  app.get('/users/:id/credits', pagedById, async (request) => {
    checkPaged(request);
    return userCreditHistory(app.db, request.params.id, request.query);
  });
  app.post('/users/:id/credits', { ...recordRoute, config: { bodySchema: CREDITS_BODY } }, (request) => setCredits(app.db, request.params.id, request.body, admin(request)));

  const { check: checkSearches, ...searchesOptions } = strictListQuery(searchesQuery);
  app.get('/users/searches/:id', { ...searchesOptions, schema: { ...searchesOptions.schema, params: idParamsSchema } }, async (request) => {
    checkSearches(request);
    return userSavedSearches(app.db, request.params.id, request.query);
  });

  const { check: checkOptions, ...optionsOptions } = strictListQuery(userOptionsQuery);
  app.get('/users/user-options-list', optionsOptions, async (request) => {
    checkOptions(request);
    return userOptions(app.db, request.query);
  });
  const { check: checkRoles, ...rolesOptions } = strictListQuery(roleOptionsQuery);
  app.get('/users/user-role-options-list', rolesOptions, async (request) => {
    checkRoles(request);
    return userRoleOptions(app.db, request.query);
  });
}
