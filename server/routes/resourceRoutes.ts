import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE } from '../../common/locales.js';
import { isCustom } from '../engine/resourceTypes.js';
import { screenWrites, type ScreenWrites } from '../definitions/screenWrites.js';
import { HttpError } from '../http/errors.js';
import type { ScreenAction } from '../../common/permissions.js';
import type { RouteNeed } from '../auth/routeNeeds.js';
import { strictListQuery } from '../http/listQuery.js';
import { dottedName, parseMultipartForm, withSentKeys, type FormSchema } from '../http/multipartForm.js';
import { idParamsSchema, savedRecordId } from '../http/pathParams.js';
import { LANGUAGE_QUERY, resourceListQuery } from '../engine/listContracts.js';
import { dataAnswer, MESSAGE_ANSWER, pagedAnswer, responses, savedAnswer } from '../../common/answerSchemas.js';
import { recordSchema } from '../engine/recordSchemas.js';
import { SCREEN_VERSION_HEADER } from '../../common/screensInUse.js';
import { explainScreenChange } from '../screens/screenChange.js';
import type { ResourceService } from '../engine/resourceService.js';
import { discardUploads, receiveUploads } from '../uploads/receiveUploads.js';

/**
 * A save handler: a JSON body as is; when the screen's form has file fields (`uploads`), a
 * multipart body too, its files streamed to storage first (refusals: 413/422, nothing kept) and its
 * text fields parsed and typed by the form schema (server/http/multipartForm.ts; a text part named
 * like a file field is ignored). Stored files of a save that then fails (404, 422, database) are removed.
 */
function saveHandler(app: FastifyInstance, service: ResourceService, writes: ScreenWrites, formSchema: object | undefined, creating: boolean) {
  const { uploads } = writes;
  const folder = service.definition.api;
  return async (request: FastifyRequest<{ Params: { id?: string } }>) => {
    const id = creating ? undefined : savedRecordId(request.params.id);
    if (Object.keys(uploads).length === 0 || !formSchema || !request.isMultipart()) return service.save(id, request.body);
    const target = { storage: app.storage, pending: app.pendingUploads };
    const { entries, files } = await receiveUploads(request, { ...target, files: uploads, folder });
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
        throw withSentKeys(error, form.sentKey);
      }
    } catch (error) {
      await discardUploads(target, files);
      throw error;
    }
  };
}

/**
 * A save handler whose 422 says when it comes from a change of the screen published while the form
 * was open (`X-Screen-Version`, server/screens/screenChange.ts). A JSON body only: a multipart
 * one is read by the handler itself.
 */
function explainingChanges(app: FastifyInstance, screen: string | undefined, handler: ReturnType<typeof saveHandler>): ReturnType<typeof saveHandler> {
  if (!screen) return handler;
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors || request.isMultipart()) throw error;
      throw await explainScreenChange(app.db, app.screenRegistry, screen, request.headers[SCREEN_VERSION_HEADER], request.body, error);
    }
  };
}

/**
 * The schema-driven resources under `/api/admin`: `GET {api}` (paging and the resource's declared
 * filters; any other parameter is a 422), `GET {api}/:id`, and, as the resource's screen permits,
 * `POST {api}` (create), `POST {api}/:id` (update; PUT when the screen's `form.method` says so)
 * and `DELETE {api}/:id`. Read-only resources have no write routes at all (404). A screen whose
 * form has `fileUpload` fields makes its saves take multipart bodies, and each such field's
 * `deleteApi` adds a `DELETE {api}/{path}/:id` route that empties it.
 */
export async function resourceRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  const screens = app.screenRegistry.screens;
  for (const service of app.services.resources.values()) {
    const { definition } = service;
    if (isCustom(definition) && definition.ownRoutes) continue;
    const base = `/${definition.api}`;
    const screen = definition.screen ? screens.get(definition.screen) : undefined;
    const writes: ScreenWrites = screen ? screenWrites(screen) : { updateMethod: 'POST', uploads: {}, fileDeletes: {} };
    const row = recordSchema(definition.table, definition.fields, 'list');
    const record = recordSchema(definition.table, definition.fields, 'record');
    const { check, ...listOptions } = strictListQuery(resourceListQuery(definition));
    const resource = definition.api;
    // A list without a screen is a shared list the forms pick from (languages, statuses): any administrator reads it.
    const needs = (action: ScreenAction): RouteNeed => (definition.screen ? { screen: resource, action } : 'self');
    app.get(
      base,
      { ...listOptions, config: { need: needs('list') }, schema: { ...listOptions.schema, response: responses(pagedAnswer(row)) } },
      async (request) => {
        check(request);
        const { lang: _lang, ...query } = request.query as Record<string, unknown>;
        return service.list(query);
      },
    );
    const recordAnswer = { params: idParamsSchema, response: responses(dataAnswer(record)) };
    if (definition.languageParam) {
      const { check: checkRecord, ...recordOptions } = strictListQuery({ type: 'object', properties: LANGUAGE_QUERY } as const);
      app.get(`${base}/:id`, { ...recordOptions, config: { need: needs('read') }, schema: { ...recordOptions.schema, ...recordAnswer } }, async (request) => {
        checkRecord(request);
        return { data: await service.get(request.params.id, { lang: request.query.lang ?? DEFAULT_LOCALE }) };
      });
    } else {
      app.get(`${base}/:id`, { config: { need: needs('read') }, schema: recordAnswer }, async (request) => ({ data: await service.get(request.params.id) }));
    }
    const formSchema = screen?.form?.schema;
    const body = formSchema ? { bodySchema: formSchema, screenBody: definition.screen, multipart: Object.keys(writes.uploads).length > 0 } : {};
    const handle = (creating: boolean) => explainingChanges(app, definition.screen, saveHandler(app, service, writes, formSchema, creating));
    const saved = responses(savedAnswer(record));
    if (service.permissions.create) app.post(base, { config: { ...body, need: needs('create') }, schema: { response: saved } }, handle(true));
    if (service.permissions.edit) {
      const config = { ...body, need: needs('update') };
      app.route({ method: writes.updateMethod, url: `${base}/:id`, schema: { params: idParamsSchema, response: saved }, config, handler: handle(false) });
      for (const [path, field] of Object.entries(writes.fileDeletes)) {
        app.delete(`${base}/${path}/:id`, { config: { need: needs('update') }, schema: { params: idParamsSchema, response: saved } }, (request) =>
          service.clearFile!(request.params.id, field),
        );
      }
    }
    if (service.permissions.delete)
      app.delete(`${base}/:id`, { config: { need: needs('delete') }, schema: { params: idParamsSchema, response: responses(MESSAGE_ANSWER) } }, (request) =>
        service.remove(request.params.id),
      );
  }
}
