import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { strictListQuery } from '../http/listQuery.js';
import { idParamsSchema } from '../http/pathParams.js';
import { UTILITY_LISTS, utilityEntrySchema } from '../engine/utilityLists.js';
import { dataAnswer, responses } from '../../common/answerSchemas.js';
import { getUtilityEntry, listUtilityEntries } from '../engine/utilityListService.js';

/**
 * `GET admin/utilities/{name}` (the whole list; no query parameter) and `GET admin/utilities/{name}/{id}` (one entry,
 * `{ data }`, 404 when unknown: a select fetching its current value by id, as the remote select does).
 */
export async function utilityRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  // The lists are answered whole: any query parameter is refused (422), never ignored.
  const { check, ...noQuery } = strictListQuery({ type: 'object', properties: {} } as const);
  for (const [name, list] of Object.entries(UTILITY_LISTS)) {
    const entry = utilityEntrySchema(list);
    app.get(
      `/utilities/${name}`,
      // Shared lists the forms pick from (languages, statuses): no screen of their own, any administrator reads them.
      { ...noQuery, config: { need: 'self' }, schema: { ...noQuery.schema, response: responses(dataAnswer({ type: 'array', items: entry })) } },
      async (request) => {
        check(request);
        return { data: await listUtilityEntries(app.db, list) };
      },
    );
    app.get(
      `/utilities/${name}/:id`,
      { config: { need: 'self' }, schema: { params: idParamsSchema, response: responses(dataAnswer(entry)) } },
      async (request) => ({
        data: await getUtilityEntry(app.db, list, request.params.id),
      }),
    );
  }
}
