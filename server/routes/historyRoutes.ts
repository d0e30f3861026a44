import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { responses } from '../../common/answerSchemas.js';
import { ACTIVITY_ANSWER, RECORD_HISTORY_ANSWER, RESTORE_ANSWER, STALE_RESTORE_ANSWER } from '../../common/historyAnswers.js';
import { strictListQuery } from '../http/listQuery.js';
import { pagingQuerySchema } from '../http/paging.js';
import { notFound, unprocessable } from '../http/errors.js';
import { parseId } from '../engine/resourceService.js';
import { actionBody } from '../engine/actionBody.js';
import { StaleRestore, type RestoreBody } from '../engine/history/historyService.js';

/** A day (`2026-11-28`, the whole day) or an instant (ISO 8601). */
const WHEN = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+(Z|[+-]\\d{2}:\\d{2})?)?$' } as const;

const activityQuery = {
  type: 'object',
  properties: {
    administrator: { type: 'integer', minimum: 1, maximum: 2147483647 },
    resource: { type: 'string', maxLength: 100 },
    from: WHEN,
    to: WHEN,
    ...pagingQuerySchema,
  },
} as const;

const historyParams = {
  type: 'object',
  properties: { resource: { type: 'string', maxLength: 100 }, id: { type: 'string', pattern: '^\\d{1,10}$' } },
  required: ['resource', 'id'],
} as const;

const revisionParams = { type: 'object', properties: { revision: { type: 'string', pattern: '^\\d{1,18}$' } }, required: ['revision'] } as const;

/** `POST admin/history/{revisionId}/restore`: the fields to bring back (all the revision's when absent) and the record's version read. */
const RESTORE_BODY = {
  type: 'object',
  required: ['version'],
  properties: {
    fields: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, minItems: 1, maxItems: 500, uniqueItems: true },
    version: { type: 'integer', minimum: 0, maximum: 2147483647 },
  },
} as const;
const readRestore = actionBody<RestoreBody>(RESTORE_BODY);

/**
 * A day's start, or an instant; `to` given as a day includes that whole day. The day must be one
 * of the calendar (`2026-02-30` is refused, not read as March 2nd) and the instant, in UTC, fall
 * between year 1 and 9999: the dates the database keeps (it has no year 0).
 */
function instant(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  const day = value.slice(0, 10);
  const start = new Date(`${day}T00:00:00Z`);
  const date = value === day ? start : new Date(value);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day || Number.isNaN(date.getTime()))
    throw unprocessable({ [field]: [`The ${field} date is not a valid date.`] });
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999) throw unprocessable({ [field]: [`The ${field} date must be between year 1 and 9999.`] });
  if (value !== day || field !== 'to') return date;
  date.setUTCDate(date.getUTCDate() + 1);
  // To the last day of 9999: every revision is before its end.
  return date.getUTCFullYear() > 9999 ? undefined : date;
}

/**
 * The records' history (docs/record-history.md): `GET admin/history/{resource}/{id}` (a record's
 * revisions, a deleted one's too), `GET admin/history` (the activity of all, filtered by
 * administrator, resource and dates) and `POST admin/history/{revisionId}/restore`, saved through
 * the resource's own save.
 */
export async function historyRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  const { history } = app.services;

  const { check, ...activityOptions } = strictListQuery(activityQuery);
  app.get(
    '/history',
    { ...activityOptions, config: { need: { system: 'activity' } }, schema: { ...activityOptions.schema, response: responses(ACTIVITY_ANSWER) } },
    async (request) => {
      check(request);
      const { administrator, resource, from, to, page, perPage } = request.query;
      return history.activity({ administratorId: administrator, resource, from: instant(from, 'from'), to: instant(to, 'to') }, { page, perPage });
    },
  );

  const { check: checkPaging, ...pagingOptions } = strictListQuery({ type: 'object', properties: pagingQuerySchema } as const);
  app.get(
    '/history/:resource/:id',
    {
      ...pagingOptions,
      config: { need: { screenOf: { describe: '{resource}', find: (request) => (request.params as { resource: string }).resource }, action: 'history' } },
      schema: { ...pagingOptions.schema, params: historyParams, response: responses(RECORD_HISTORY_ANSWER) },
    },
    async (request) => {
      checkPaging(request);
      // A record outside the rows the reader's roles reach has no history for them (404, as an unknown one).
      const service = app.services.resources.get(request.params.resource);
      const id = parseId(String(request.params.id));
      if (service && id !== undefined && !(await service.reaches(id))) throw notFound(service.definition.label);
      return history.recordHistory(request.params.resource, request.params.id, request.query);
    },
  );

  app.post(
    '/history/:revision/restore',
    {
      schema: {
        params: revisionParams,
        response: {
          ...responses(RESTORE_ANSWER),
          409: { ...STALE_RESTORE_ANSWER, description: 'The record changed since the version given: what changed, field by field' },
        },
      },
      config: {
        bodySchema: RESTORE_BODY,
        need: {
          screenOf: { describe: "the revision's resource", find: (request) => history.resourceOf((request.params as { revision: string }).revision) },
          action: 'restore',
        },
      },
    },
    async (request, reply) => {
      try {
        return await history.restore(request.params.revision, readRestore(request.body));
      } catch (error) {
        if (error instanceof StaleRestore) return reply.code(409).send(error.answer);
        throw error;
      }
    },
  );
}
