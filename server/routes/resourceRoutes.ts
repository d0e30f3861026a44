import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import { pagingQuerySchema } from '../http/paging.js';
import { RESOURCES } from '../resources/index.js';
import { isCustom, type ResourceDefinition } from '../resources/types.js';
import { createCustomResourceService } from '../services/customResourceService.js';
import { createNamedResourceService, type ListQuery, type ResourceService } from '../services/resourceService.js';

/** What the resource routes are built from: the loaded screens and the resource registry. */
export interface ResourceRoutesOptions {
  screens: ReadonlyMap<string, ScreenDefinition>;
  resources?: readonly ResourceDefinition[];
}

const namedListQuery = {
  type: 'object',
  properties: { name: { type: 'string', maxLength: 200 }, ...pagingQuerySchema },
} as const;

function serviceOf(app: FastifyInstance, definition: ResourceDefinition, screens: ReadonlyMap<string, ScreenDefinition>): ResourceService {
  return isCustom(definition) ? createCustomResourceService(app.db, definition, screens) : createNamedResourceService(app.db, definition, screens);
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/**
 * The schema-driven resources under `/api/admin`: `GET {api}` (name, page, perPage), `GET {api}/:id`,
 * and, as the resource's screen permits, `POST {api}` (create), `POST {api}/:id` (update) and
 * `DELETE {api}/:id`. Read-only resources have no write routes at all (404).
 */
export async function resourceRoutes(app: FastifyInstance, { screens, resources = RESOURCES }: ResourceRoutesOptions): Promise<void> {
  for (const definition of resources) {
    const service = serviceOf(app, definition, screens);
    const base = `/${definition.api}`;
    const custom = isCustom(definition) ? definition : undefined;
    const listQuery = custom?.listQuery
      ? { type: 'object', properties: { ...custom.listQuery, ...pagingQuerySchema } }
      : namedListQuery;
    app.get(base, { schema: { querystring: listQuery } }, (request) => service.list(request.query as ListQuery));
    app.get(`${base}/:id`, async (request) => ({ data: await service.get(idOf(request)) }));
    if (service.permissions.create) app.post(base, (request) => service.save(undefined, request.body));
    if (service.permissions.edit) {
      app.route({ method: custom?.updateMethod ?? 'POST', url: `${base}/:id`, handler: (request) => service.save(idOf(request), request.body) });
    }
    if (service.permissions.delete) app.delete(`${base}/:id`, (request) => service.remove(idOf(request)));
  }
}
