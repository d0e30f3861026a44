import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { RouteNeed } from '../auth/routeNeeds.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionBody } from '../engine/actionBody.js';
import { readDefinition } from '../definitions/screenRegistry.js';
import { dataAnswer, MESSAGE_ANSWER, pagedAnswer, responses, savedAnswer } from '../../common/answerSchemas.js';
import { HttpError, notFound, unprocessable } from '../http/errors.js';
import { pagingQuerySchema } from '../http/paging.js';
import { screenImpact } from '../screens/screenImpact.js';
import { screenCatalog } from '../screens/screenCatalog.js';
import { SCREEN_MESSAGES, type ScreenAuthor, type VersionRef } from '../screens/screenService.js';
import { validateWithDraft } from '../screens/screenValidation.js';
import { DEFINITION_BODY_LIMIT } from '../definitions/definitionBounds.js';
import {
  ADDED_VERSION,
  CHECK_ANSWER,
  EXPORT_FILE,
  SAVED_DRAFT,
  SCREEN_CATALOG,
  SCREEN_DETAIL,
  SCREEN_DIFF,
  SCREEN_IMPACT,
  SCREEN_SUMMARY,
  SCREEN_VERSION,
  VALID_RECORD_ANSWER,
  VALIDATORS_SCRIPT,
  VERSION_ROW,
} from '../../common/screenAnswers.js';

/** A screen's name: its resource's (`genres`, `literary-prizes`). */
const nameParams = {
  type: 'object',
  properties: { name: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9-]*$', maxLength: 100 } },
  required: ['name'],
} as const;
/** A version in its path: digits only, read strictly as a view's id is (Ajv's coercion would take `Infinity`, `1e400` for numbers). */
const versionParams = {
  type: 'object',
  properties: { name: nameParams.properties.name, v: { type: 'string', pattern: '^[0-9]{1,10}$' } },
  required: ['name', 'v'],
} as const;

/** The version of a path; one past the versions' range is one the screen does not have. */
function versionOf(raw: string): number {
  const version = Number(raw);
  if (version > 2147483647) throw new HttpError(404, SCREEN_MESSAGES.unknownVersion(version));
  return version;
}

/** A diff's side as the query gives it: a number, or the word its schema takes (`draft`). */
const versionRef = (value: number | string): VersionRef => (typeof value === 'number' ? value : 'draft');

function authorOf(request: FastifyRequest): ScreenAuthor {
  const admin = request.admin;
  return { id: admin?.id ?? null, name: admin ? `${admin.firstname} ${admin.lastname}`.trim() || admin.email : 'unknown' };
}

/** The bodies of the write routes: a definition and its labels are taken as sent (never trimmed: `errorsJoin: " "`). */
const DEFINITION = { type: 'object', title: 'definition' } as const;
const LABELS = { type: 'object', title: 'labels' } as const;
const BODIES = {
  draft: { type: 'object', required: ['definition'], properties: { definition: DEFINITION, labels: LABELS } },
  check: { type: 'object', required: ['definition'], properties: { definition: DEFINITION, labels: LABELS } },
  publish: {
    type: 'object',
    required: ['baseVersion'],
    properties: { comment: { type: 'string', maxLength: 2000 }, baseVersion: { type: 'integer', minimum: 0, maximum: 2147483647, title: 'base version' } },
  },
  rollback: {
    type: 'object',
    required: ['version'],
    properties: { comment: { type: 'string', maxLength: 2000 }, version: { type: 'integer', minimum: 0, maximum: 2147483647 } },
  },
  impact: { type: 'object', required: ['definition'], properties: { definition: DEFINITION, labels: LABELS } },
  validate: {
    type: 'object',
    required: ['definition', 'record'],
    properties: { definition: DEFINITION, record: { type: 'object', title: 'record' }, labels: LABELS },
  },
} as const;

/** A side of a diff: a version number, or `draft` (the stored draft); in digits as a version's path (server/http/strictIntegers.ts). */
const VERSION_OR_DRAFT = { type: ['integer', 'string'], minimum: 0, maximum: 2147483647, pattern: '^draft$' } as const;

const bodyOf = Object.fromEntries(
  Object.entries(BODIES).map(([name, schema]) => [name, actionBody<Record<string, unknown>>(schema, { trim: false })]),
) as Record<keyof typeof BODIES, (body: unknown) => Record<string, unknown>>;
/** The studio's drafts, checks and previews; publishing, rollback and the return to the built-in file. */
const EDIT = { system: 'studio.edit' } as const;
const PUBLISH = { system: 'studio.publish' } as const;
/** The write routes' options: their body schema and need, and a body no larger than a definition, its labels and a record may be. */
const writes = (name: keyof typeof BODIES, need: RouteNeed = EDIT) => ({ config: { bodySchema: BODIES[name], need }, bodyLimit: DEFINITION_BODY_LIMIT });

/**
 * The screen definitions at run time (`admin/screens`, docs/screens-at-run-time.md): every screen
 * with its published version, one screen with its draft, the draft's save and discard, the complete check,
 * publishing (422 with every problem, 409 after a colleague's publish), the versions, one version,
 * the diff of two (or of a version and the draft), rollback, the return to the built-in file, a
 * version's export as the file to commit, the impact of a definition on the stored records, and for
 * the studio: what a screen's controls may offer (its catalog) and the preview's save, which only
 * validates a record with a draft's form.
 */
export async function screenRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  const { screens } = app.services;

  // Every administrator's interface is built from the screens in use and their validators.
  app.get('/screens', { config: { need: 'self' }, schema: { response: responses(dataAnswer({ type: 'array', items: SCREEN_SUMMARY })) } }, async () => ({
    data: await screens.list(),
  }));
  // The in-use forms' validators as a script the browser imports (its URL names the stamp it was asked for).
  app.get(
    '/screens/validators/:stamp',
    {
      config: { need: 'self' },
      schema: {
        params: { type: 'object', properties: { stamp: { type: 'string', pattern: '^\\d{1,10}\\.js$' } }, required: ['stamp'] },
        response: responses(VALIDATORS_SCRIPT),
      },
    },
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(app.screenRegistry.validatorsModule()),
  );
  app.get('/screens/:name', { config: { need: EDIT }, schema: { params: nameParams, response: responses(dataAnswer(SCREEN_DETAIL)) } }, async (request) => ({
    data: await screens.get(request.params.name),
  }));
  app.get(
    '/screens/:name/catalog',
    { config: { need: EDIT }, schema: { params: nameParams, response: responses(dataAnswer(SCREEN_CATALOG)) } },
    async (request) => ({
      data: screenCatalog(app.screenRegistry, request.params.name),
    }),
  );
  app.post('/screens/:name/validate', { schema: { params: nameParams, response: responses(VALID_RECORD_ANSWER) }, ...writes('validate') }, async (request) =>
    validateWithDraft({ db: app.db, registry: app.screenRegistry, screens, saves: app.services }, request.params.name, bodyOf.validate(request.body)),
  );
  app.put('/screens/:name/draft', { schema: { params: nameParams, response: responses(savedAnswer(SAVED_DRAFT)) }, ...writes('draft') }, async (request) =>
    screens.saveDraft(request.params.name, bodyOf.draft(request.body), authorOf(request)),
  );
  app.delete('/screens/:name/draft', { config: { need: EDIT }, schema: { params: nameParams, response: responses(MESSAGE_ANSWER) } }, async (request) =>
    screens.discardDraft(request.params.name),
  );
  app.post('/screens/:name/check', { schema: { params: nameParams, response: responses(CHECK_ANSWER) }, ...writes('check') }, async (request) => {
    const body = bodyOf.check(request.body);
    return { errors: screens.check(request.params.name, { definition: body.definition, labels: body.labels }) };
  });
  app.post(
    '/screens/:name/publish',
    { schema: { params: nameParams, response: responses(savedAnswer(ADDED_VERSION)) }, ...writes('publish', PUBLISH) },
    async (request) => screens.publish(request.params.name, bodyOf.publish(request.body), authorOf(request)),
  );
  app.get(
    '/screens/:name/versions',
    {
      config: { need: EDIT },
      schema: { params: nameParams, querystring: { type: 'object', properties: pagingQuerySchema }, response: responses(pagedAnswer(VERSION_ROW)) },
    },
    async (request) => screens.versions(request.params.name, request.query),
  );
  // The labels that named a record's fields when its revisions were made: the history of any record reads them.
  app.get(
    '/screens/:name/versions/:v',
    { config: { need: 'self' }, schema: { params: versionParams, response: responses(dataAnswer(SCREEN_VERSION)) } },
    async (request) => ({
      data: await screens.version(request.params.name, versionOf(request.params.v)),
    }),
  );
  app.get(
    '/screens/:name/versions/:v/export',
    { config: { need: EDIT }, schema: { params: versionParams, response: responses(EXPORT_FILE) } },
    async (request, reply) => {
      const file = await screens.exportFile(request.params.name, versionOf(request.params.v));
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${screens.exportName(request.params.name)}"`)
        .send(file);
    },
  );
  app.get(
    '/screens/:name/diff',
    {
      config: { need: EDIT },
      schema: {
        params: nameParams,
        querystring: { type: 'object', properties: { from: VERSION_OR_DRAFT, to: VERSION_OR_DRAFT }, required: ['from', 'to'] },
        response: responses(dataAnswer(SCREEN_DIFF)),
      },
    },
    async (request) => ({ data: await screens.diff(request.params.name, versionRef(request.query.from), versionRef(request.query.to)) }),
  );
  app.post(
    '/screens/:name/rollback',
    { schema: { params: nameParams, response: responses(savedAnswer(ADDED_VERSION)) }, ...writes('rollback', PUBLISH) },
    async (request) => screens.rollback(request.params.name, bodyOf.rollback(request.body), authorOf(request)),
  );
  app.delete(
    '/screens/:name/published',
    { config: { need: PUBLISH }, schema: { params: nameParams, response: responses(savedAnswer(ADDED_VERSION)) } },
    async (request) => screens.reset(request.params.name, authorOf(request)),
  );
  app.post(
    '/screens/:name/impact',
    { schema: { params: nameParams, response: responses(dataAnswer(SCREEN_IMPACT)) }, ...writes('impact') },
    async (request) => {
      const name = request.params.name;
      const { definition, labels } = bodyOf.impact(request.body);
      const inUse = app.screenRegistry.inUse(name);
      const service = app.services.forScreen(name);
      if (!inUse || !service) throw notFound('screen');
      if (!inUse.formSchema) throw new HttpError(422, SCREEN_MESSAGES.noForm);
      // Its labels as sent, else the draft's (a new column's header may be a new label), else those in use.
      const draft = labels === undefined ? (await screens.get(name)).draft : null;
      const problems = screens.check(name, { definition, labels: labels ?? draft?.labels ?? inUse.labels });
      if (problems.length) throw unprocessable(Object.fromEntries(problems.map((problem) => [problem.path, [problem.message]])));
      const next = readDefinition(inUse, definition as Record<string, unknown>);
      return { data: await screenImpact(service, inUse.formSchema, next.formSchema!) };
    },
  );
}
