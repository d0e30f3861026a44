import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { demandReach } from '../engine/rowConditions.js';
import type { FastifyInstance } from 'fastify';
import { LOCALES } from '../../common/locales.js';
import { MAX_INT_ID } from '../db/limits.js';
import { DATE_TIME, INTEGER, nullable, objectOf, pagedAnswer, recordOf, responses, STRING, type JsonSchema } from '../../common/answerSchemas.js';
import { strictListQuery } from '../http/listQuery.js';
import { pagingQuerySchema } from '../http/paging.js';
import { idParamsSchema } from '../http/pathParams.js';
import { MAX_FILTER_VALUES } from '../engine/listQuerySchema.js';
import { CREDITS_BODY, setCredits, USER_ACTION_ANSWER, VALIDATE_BODY, validateUser } from '../subscribers/subscriptionService.js';
import { userCreditHistory, userLibraries, userOptions, userRoleOptions, userSavedSearches } from '../subscribers/userActivityService.js';

const idList = { type: 'array', items: { type: 'integer', minimum: 1, maximum: MAX_INT_ID }, maxItems: MAX_FILTER_VALUES } as const;
const search = { type: 'string', maxLength: 200 } as const;

const pagedQuery = { type: 'object', properties: { ...pagingQuerySchema } } as const;
const searchesQuery = { type: 'object', properties: { lang: { type: 'string', enum: LOCALES } } } as const;
const userOptionsQuery = { type: 'object', properties: { ...pagingQuerySchema, search, ids: idList } } as const;
const roleOptionsQuery = { type: 'object', properties: { ...pagingQuerySchema, search, ids: idList } } as const;

/** A user's action: on the user of the path, answering the user record. */
const USER_ACTION = { params: idParamsSchema, response: USER_ACTION_ANSWER } as const;
const ID_NAME = objectOf({ id: INTEGER, name: STRING });
const LIBRARY = objectOf({
  id: INTEGER,
  name: STRING,
  books: { type: 'array', items: objectOf({ id: INTEGER, original_title: STRING, authorList: { type: 'array', items: ID_NAME } }) },
});
const CREDIT_MOVEMENT = objectOf({
  id: INTEGER,
  created_at: DATE_TIME,
  amount: INTEGER,
  balance: INTEGER,
  reason: STRING,
  administrator_id: nullable(INTEGER),
  administrator_name: nullable(STRING),
});
const SAVED_SEARCH = objectOf({
  id: INTEGER,
  title: STRING,
  text_search: nullable(STRING),
  created_at: DATE_TIME,
  saved_filters: { type: 'object', additionalProperties: { type: 'array', items: INTEGER } },
  filter_texts: { type: 'object', additionalProperties: STRING },
  ratingsFilter: { type: 'array', items: objectOf({ id: STRING, name: STRING, rate: INTEGER }) },
});
/** SPEC §6's staff-only actions: validation, subscriptions, credits. */
const SUBSCRIPTIONS = { system: 'subscriptions' } as const;
/** What is read of one subscriber (libraries, searches, credit history) follows opening the subscriber; the pickers follow the list. */
const READ_USER = { screen: 'users', action: 'read' } as const;
const LIST_USERS = { screen: 'users', action: 'list' } as const;
// A field the reader's roles hide (the e-mail) is absent.
const USER_OPTION = recordOf({ id: INTEGER, name: STRING, fullname: STRING, email: STRING });

/**
 * The user screen's calls besides the resource's own (`GET/POST/DELETE admin/users[/{id}]`,
 * server/resources/users.ts): validation, libraries, saved searches, credits and their history,
 * and the user pickers' option lists. Static segments (`user-options-list`, `libraries`) win over
 * `/users/:id`. docs/api.md, 'Users and subscriptions'.
 */
export async function userRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  const admin = (request: { admin: { id: number } | null }) => request.admin?.id ?? null;

  app.post('/users/validate/:id', { schema: USER_ACTION, config: { bodySchema: VALIDATE_BODY, need: SUBSCRIPTIONS } }, async (request) => {
    await demandReach(app.services.resources.get('users'), request.params.id);
    return validateUser(app.db, app.recordWrites, request.params.id, request.body);
  });

  const { check: checkPaged, ...pagedOptions } = strictListQuery(pagedQuery);
  const pagedById = (row: JsonSchema) => ({
    ...pagedOptions,
    config: { need: READ_USER },
    schema: { ...pagedOptions.schema, params: idParamsSchema, response: responses(pagedAnswer(row)) },
  });
  app.get('/users/libraries/:id', pagedById(LIBRARY), async (request) => {
    checkPaged(request);
    await demandReach(app.services.resources.get('users'), request.params.id);
    return userLibraries(app.db, request.params.id, request.query);
  });
  app.get('/users/:id/credits', pagedById(CREDIT_MOVEMENT), async (request) => {
    checkPaged(request);
    await demandReach(app.services.resources.get('users'), request.params.id);
    return userCreditHistory(app.db, request.params.id, request.query);
  });
  app.post('/users/:id/credits', { schema: USER_ACTION, config: { bodySchema: CREDITS_BODY, need: SUBSCRIPTIONS } }, async (request) => {
    await demandReach(app.services.resources.get('users'), request.params.id);
    return setCredits(app.db, app.recordWrites, request.params.id, request.body, admin(request));
  });

  const { check: checkSearches, ...searchesOptions } = strictListQuery(searchesQuery);
  app.get(
    '/users/searches/:id',
    {
      ...searchesOptions,
      config: { need: READ_USER },
      schema: { ...searchesOptions.schema, params: idParamsSchema, response: responses(objectOf({ data: { type: 'array', items: SAVED_SEARCH } })) },
    },
    async (request) => {
      checkSearches(request);
      await demandReach(app.services.resources.get('users'), request.params.id);
      return userSavedSearches(app.db, request.params.id, request.query);
    },
  );

  const { check: checkOptions, ...optionsOptions } = strictListQuery(userOptionsQuery);
  app.get(
    '/users/user-options-list',
    { ...optionsOptions, config: { need: LIST_USERS }, schema: { ...optionsOptions.schema, response: responses(pagedAnswer(USER_OPTION)) } },
    async (request) => {
      checkOptions(request);
      return userOptions(app.db, request.query, await app.services.resources.get('users')!.rowsWithin());
    },
  );
  const { check: checkRoles, ...rolesOptions } = strictListQuery(roleOptionsQuery);
  app.get(
    '/users/user-role-options-list',
    { ...rolesOptions, config: { need: LIST_USERS }, schema: { ...rolesOptions.schema, response: responses(pagedAnswer(ID_NAME)) } },
    async (request) => {
      checkRoles(request);
      return userRoleOptions(app.db, request.query);
    },
  );
}
