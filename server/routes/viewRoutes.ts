import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dataAnswer, MESSAGE_ANSWER, responses, savedAnswer } from '../../common/answerSchemas.js';
import {
  DEFAULT_VIEW_BODY,
  NEW_VIEW_BODY,
  VIEW,
  VIEW_CHANGE_BODY,
  type DefaultViewBody,
  type NewViewBody,
  type ViewChangeBody,
} from '../../common/viewAnswers.js';
import { strictListQuery } from '../http/listQuery.js';
import { actionBody } from '../engine/actionBody.js';
import { HttpError } from '../http/errors.js';
import { createSavedViewService, VIEW_MESSAGES, type ViewReader } from '../engine/views/savedViews.js';

/** A view's id in its path: digits only, read strictly (Ajv's coercion would take `1e309` for a number). */
const viewParams = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,10}$' } }, required: ['id'] } as const;

/** The view's id of a path; one no view can have (0, past the ids' range) is a view not found. */
function viewId(raw: string): number {
  const id = Number(raw);
  if (id < 1 || id > 2147483647) throw new HttpError(404, VIEW_MESSAGES.notFound);
  return id;
}

const viewsQuery = { type: 'object', required: ['screen'], properties: { screen: NEW_VIEW_BODY.properties.screen } } as const;

const newView = actionBody<NewViewBody>(NEW_VIEW_BODY);
const viewChange = actionBody<ViewChangeBody>(VIEW_CHANGE_BODY);
const defaultView = actionBody<DefaultViewBody>(DEFAULT_VIEW_BODY);

const readerOf = (request: FastifyRequest): ViewReader => ({ id: request.admin!.id });

/**
 * Saved views of the lists (docs/saved-views.md): `GET admin/views?screen=` (the person's own views
 * and the shared ones), `POST admin/views`, `PUT admin/views/{id}` and `DELETE admin/views/{id}`
 * (the author only), `PUT admin/views/default` (the person's default view of a list, or none).
 * `/views/default` is a static path: it wins over `/views/:id`.
 */
export async function viewRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  const views = createSavedViewService(app.db, app.screenRegistry);
  const { check, ...listOptions } = strictListQuery(viewsQuery);
  // Saved views hold queries, not records: each administrator's own, and those shared with all.
  app.get(
    '/views',
    { ...listOptions, config: { need: 'self' }, schema: { ...listOptions.schema, response: responses(dataAnswer({ type: 'array', items: VIEW })) } },
    async (request) => {
      check(request);
      return { data: await views.list(request.query.screen, readerOf(request)) };
    },
  );
  app.post('/views', { config: { bodySchema: NEW_VIEW_BODY, need: 'self' }, schema: { response: responses(savedAnswer(VIEW)) } }, async (request) =>
    views.create(newView(request.body), readerOf(request)),
  );
  app.put('/views/default', { config: { bodySchema: DEFAULT_VIEW_BODY, need: 'self' }, schema: { response: responses(MESSAGE_ANSWER) } }, async (request) =>
    views.setDefault(defaultView(request.body), readerOf(request)),
  );
  app.put(
    '/views/:id',
    { config: { bodySchema: VIEW_CHANGE_BODY, need: 'self' }, schema: { params: viewParams, response: responses(savedAnswer(VIEW)) } },
    async (request) => views.update(viewId(request.params.id), viewChange(request.body), readerOf(request)),
  );
  app.delete('/views/:id', { config: { need: 'self' }, schema: { params: viewParams, response: responses(MESSAGE_ANSWER) } }, async (request) =>
    views.remove(viewId(request.params.id), readerOf(request)),
  );
}
