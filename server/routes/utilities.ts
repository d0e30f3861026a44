import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { findUtilityRow, listUtilityRows } from '../db/repositories/utilityListRepository.js';
import { notFound } from '../http/errors.js';
import { strictListQuery } from '../http/listQuery.js';
import { idParamsSchema } from '../http/pathParams.js';
import { UTILITY_LISTS, utilityEntry } from '../resources/utilityLists.js';
import { parseId } from '../services/resourceService.js';

/**
 * `GET admin/utilities/{name}` (the whole list; no query parameter) and `GET admin/utilities/{name}/{id}` (one entry,
 * `{ data }`, 404 when unknown: a select fetching its current value by id, as the remote select does).
 */
export async function utilityRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  // The lists are answered whole: any query parameter is refused (422), never ignored.
  const { check, ...noQuery } = strictListQuery({ type: 'object', properties: {} } as const);
  for (const [name, list] of Object.entries(UTILITY_LISTS)) {
    const { table, fields } = list;
    const entry = (row: Record<string, unknown>) => utilityEntry(list, row);
    app.get(`/utilities/${name}`, noQuery, async (request) => {
      check(request);
      return { data: (await listUtilityRows(app.db, table, fields)).map(entry) };
    });
    app.get(`/utilities/${name}/:id`, { schema: { params: idParamsSchema } }, async (request) => {
      const id = parseId(request.params.id);
      const row = id === undefined ? undefined : await findUtilityRow(app.db, table, fields, id);
      if (!row) throw notFound('Entry');
      return { data: entry(row) };
    });
  }
}
