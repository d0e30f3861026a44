import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { fieldMessage, type FieldErrors } from '../../common/validation.js';
import { BOOK_SORTS, SERIES_FILTER } from '../db/repositories/bookListRepository.js';
import { RATING_TYPES, RATING_MAX, RATING_MIN } from '../db/schema/book-ratings.js';
import { unprocessable } from '../http/errors.js';
import { pagingQuerySchema } from '../http/paging.js';
import { idParamsSchema } from '../http/pathParams.js';
import { listBookOptionPage, listBookPage, removeBook } from '../services/bookListService.js';

/** A list of ids: `genres=1&genres=2`, `genres[]=1&genres[]=2` or a single `genres=1`. */
const idList = { type: 'array', items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, maxItems: 200 } as const;
const stars = { type: 'integer', minimum: RATING_MIN, maximum: RATING_MAX } as const;

/** Filters of `GET admin/books` whose values are id lists (each matches ANY of its values). */
export const BOOK_ID_FILTERS = [
  'author',
  'rightsStatus',
  'statuses',
  'audiences',
  'genres',
  'categories',
  'thematics',
  'places',
  'periods',
  'times',
  'nativeCountry',
  'motherTongue',
  'formats',
] as const;

/** JSON Schema of the query of `GET admin/books` (after `normaliseQuery`). */
export const bookListQuerySchema = {
  type: 'object',
  properties: {
    ...pagingQuerySchema,
    search: { type: 'string', maxLength: 200 },
    sort: { type: 'string', enum: BOOK_SORTS },
    direction: { type: 'string', enum: ['asc', 'desc'] },
    publicationDate: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' },
    series: { type: 'integer', enum: Object.values(SERIES_FILTER) },
    ...Object.fromEntries(BOOK_ID_FILTERS.map((name) => [name, idList])),
    ...Object.fromEntries(RATING_TYPES.map((type) => [type, stars])),
  },
} as const;

const optionsQuerySchema = {
  type: 'object',
  properties: { ...pagingQuerySchema, search: { type: 'string', maxLength: 200 }, ids: idList },
} as const;

/**
 * Brings the query string's spellings to one: `name[]` joins `name`, `ratings[quality]` becomes
 * `quality`, and empty values (`genres=`) are dropped as if absent.
 */
function normaliseQuery(request: FastifyRequest<{ Querystring: Record<string, unknown> }>): void {
  // Before validation the query is the raw parsed query string: any names, strings or arrays of them.
  const query = request.query;
  for (const key of Object.keys(query)) {
    const rating = /^ratings\[(\w+)\]$/.exec(key);
    const target = key.endsWith('[]') ? key.slice(0, -2) : rating && (RATING_TYPES as readonly string[]).includes(rating[1]!) ? rating[1]! : undefined;
    if (target !== undefined) {
      query[target] = [query[target], query[key]].flat().filter((value) => value !== undefined);
      delete query[key];
    }
  }
  for (const [key, value] of Object.entries(query)) {
    const values = [value].flat().filter((item) => item !== '');
    if (values.length === 0) delete query[key];
    else query[key] = Array.isArray(value) ? values : value;
  }
}

/** A 422 keyed by the query parameter (`genres`, not `genres.0`), with the product's messages. */
function queryErrors(validation: readonly FastifySchemaValidationError[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const error of validation) {
    const key = error.instancePath.split('/').filter(Boolean)[0] ?? '_';
    const message = fieldMessage(error.keyword, error.params as Record<string, unknown>, key, error.message);
    const messages = (errors[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}

/**
 * The reading-sheet list and its deletion (the sheet itself, `GET`/`POST admin/books/{id}`, is
 * server/routes/bookSave.ts): `GET admin/books`, `GET admin/books/options`, `DELETE admin/books/{id}`.
 * `/books/options` is a static path, so it always wins over `/books/:id`.
 */
export async function bookListRoutes(instance: FastifyInstance): Promise<void> {
  // Query and params types come from the schemas below.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  const validated = { preValidation: async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>) => normaliseQuery(request), attachValidation: true } as const;
  const check = (request: FastifyRequest) => {
    if (request.validationError) throw unprocessable(queryErrors(request.validationError.validation));
  };

  app.get('/books', { ...validated, schema: { querystring: bookListQuerySchema } }, async (request) => {
    check(request);
    return listBookPage(app.db, request.query);
  });

  app.get('/books/options', { ...validated, schema: { querystring: optionsQuerySchema } }, async (request) => {
    check(request);
    return listBookOptionPage(app.db, request.query);
  });

  app.delete('/books/:id', { schema: { params: idParamsSchema } }, async (request) => removeBook(app.db, app.storage, request.params.id, request.log));
}
