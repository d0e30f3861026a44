import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import { HttpError } from '../http/errors.js';
import { dottedName, parseMultipartForm, type FormSchema } from '../http/multipartForm.js';
import { pagingQuerySchema } from '../http/paging.js';
import { RESOURCES } from '../resources/index.js';
import { isCustom, type CustomResourceDefinition, type ResourceDefinition } from '../resources/types.js';
import { createCustomResourceService } from '../services/customResourceService.js';
import { createNamedResourceService, type ListQuery, type ResourceService } from '../services/resourceService.js';
import { discardUploads, receiveUploads } from '../uploads/receiveUploads.js';

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
  return isCustom(definition)
    ? createCustomResourceService(app.db, definition, screens, { storage: app.storage })
    : createNamedResourceService(app.db, definition, screens);
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** The update method: the resource's own, else its screen's `form.method` (`put`), else POST. */
function updateMethodOf(definition: ResourceDefinition, screens: ReadonlyMap<string, ScreenDefinition>): 'POST' | 'PUT' {
  if (isCustom(definition) && definition.updateMethod) return definition.updateMethod;
  const screen = definition.screen ? screens.get(definition.screen) : undefined;
  return screen?.form?.method === 'put' ? 'PUT' : 'POST';
}

/**
 * A save handler: a JSON body as is; for a resource with `uploads`, a multipart body too, its files
 * streamed to storage first (refusals: 413/422, nothing kept) and its text fields parsed and typed
 * by the form schema (server/http/multipartForm.ts; a text part named like a file field is
 * ignored). Stored files of a save that then fails (404, 422, database) are removed.
 */
function saveHandler(app: FastifyInstance, service: ResourceService, custom: CustomResourceDefinition | undefined, formSchema: object | undefined, creating: boolean) {
  const uploads = custom?.uploads;
  return async (request: FastifyRequest) => {
    const id = creating ? undefined : idOf(request);
    if (!uploads || !formSchema || !request.isMultipart()) return service.save(id, request.body);
    const { entries, files } = await receiveUploads(request, { storage: app.storage, files: uploads, folder: custom.uploadFolder ?? custom.api });
    const fileKeys = new Set(Object.keys(uploads).map(dottedName));
    try {
      const form = parseMultipartForm(
        entries.filter(([name]) => !fileKeys.has(dottedName(name))),
        { schema: formSchema as FormSchema },
      );
      try {
        return await service.save(id, form.data, files);
      } catch (error) {
        // Error keys as the client named its fields (sparse list indexes restored).
        if (error instanceof HttpError && error.errors) {
          throw new HttpError(error.statusCode, error.message, Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [form.sentKey(key), messages])));
        }
        throw error;
      }
    } catch (error) {
      await discardUploads(app.storage, files);
      throw error;
    }
  };
}

/**
 * The schema-driven resources under `/api/admin`: `GET {api}` (name, page, perPage), `GET {api}/:id`,
 * and, as the resource's screen permits, `POST {api}` (create), `POST {api}/:id` (update; PUT when
 * the resource or its screen's `form.method` says so) and `DELETE {api}/:id`. Read-only resources
 * have no write routes at all (404). Resources with `uploads` also take multipart saves, and their
 * `fileDeletes` add `DELETE {api}/{path}/:id` routes that empty one file field.
 */
export async function resourceRoutes(app: FastifyInstance, { screens, resources = RESOURCES }: ResourceRoutesOptions): Promise<void> {
  for (const definition of resources) {
    const service = serviceOf(app, definition, screens);
    const base = `/${definition.api}`;
    const custom = isCustom(definition) ? definition : undefined;
    const formSchema = definition.screen ? screens.get(definition.screen)?.form?.schema : undefined;
    const listQuery = custom?.listQuery
      ? { type: 'object', properties: { ...custom.listQuery, ...pagingQuerySchema } }
      : namedListQuery;
    app.get(base, { schema: { querystring: listQuery } }, (request) => service.list(request.query as ListQuery));
    app.get(`${base}/:id`, async (request) => ({ data: await service.get(idOf(request)) }));
    if (service.permissions.create) app.post(base, saveHandler(app, service, custom, formSchema, true));
    if (service.permissions.edit) {
      app.route({ method: updateMethodOf(definition, screens), url: `${base}/:id`, handler: saveHandler(app, service, custom, formSchema, false) });
      for (const [path, field] of Object.entries(custom?.fileDeletes ?? {})) {
        app.delete(`${base}/${path}/:id`, (request) => service.clearFile!(idOf(request), field));
      }
    }
    if (service.permissions.delete) app.delete(`${base}/:id`, (request) => service.remove(idOf(request)));
  }
}
