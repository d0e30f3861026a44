/**
 * The JSON Schemas of the API's answers, as routes declare them (`schema.response`): Fastify
 * serialises each answer with its schema (fast-json-stringify), and the OpenAPI document
 * (`GET /api/openapi.json`) describes every route from the same objects.
 */

/** A JSON Schema, as routes and the OpenAPI document carry it. */
export type JsonSchema = Record<string, unknown>;

/** A nullable version of a schema (`type: [t, 'null']`; a typeless schema as is). */
export function nullable(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (type === undefined) return schema;
  const types = [type].flat() as string[];
  return types.includes('null') ? schema : { ...schema, type: [...types, 'null'] };
}

/** An object whose listed properties are all present. */
export const objectOf = (properties: Record<string, JsonSchema>, options: { optional?: readonly string[] } = {}): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((key) => !options.optional?.includes(key)),
  additionalProperties: false,
});

export const STRING: JsonSchema = { type: 'string' };
export const INTEGER: JsonSchema = { type: 'integer' };
export const NUMBER: JsonSchema = { type: 'number' };
export const BOOLEAN: JsonSchema = { type: 'boolean' };
export const DATE_TIME: JsonSchema = { type: 'string', format: 'date-time' };
/** A per-locale text map (`{ en, fr, … }`), filled locales only. */
export const TRANSLATIONS: JsonSchema = { type: 'object', additionalProperties: { type: 'string' } };
/** A value of any JSON type (a screen definition, a stored draft): described by its own documentation. */
export const ANY: JsonSchema = {};

/** A refusal: the message in the user's words and, on 422, the messages of each field by dotted path. */
export const ERROR_ANSWER: JsonSchema = objectOf(
  {
    message: STRING,
    errors: { type: 'object', additionalProperties: { type: 'array', items: STRING } },
  },
  { optional: ['errors'] },
);

/** What each refusal status means, for the document. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request cannot be read (malformed JSON or multipart)',
  401: 'Not logged in, or the session expired',
  403: 'Refused: a cross-site request, or an account without the right',
  404: 'No such record or route',
  409: 'Refused by the record’s state: in use, changed by someone else, or a provider refusal',
  413: 'The body or a file is too large',
  415: 'A body of a type the route does not read',
  416: 'The range asked for lies outside the file',
  422: 'Invalid input: `errors` holds the messages of each field, by dotted path',
  429: 'Too many attempts: try again later',
};

/**
 * The refusals any route may answer: the input guard, the session, the cross-site guard and the
 * rate limits run before every handler (a route that cannot reach a status still lists it: the
 * guard's 422 on a hostile query string comes first).
 */
export const ADMIN_ERRORS = [400, 401, 403, 404, 409, 413, 415, 422, 429] as const;

/** The response schemas of a route: its successful answer, the refusals every route may give, and the route's own (`extra`). */
export function responses(ok: JsonSchema, extra: readonly number[] = [], status = 200): Record<string, JsonSchema> {
  return {
    [status]: { description: 'Done', ...ok },
    ...Object.fromEntries([...new Set([...ADMIN_ERRORS, ...extra])].map((code) => [code, { ...ERROR_ANSWER, description: ERROR_MEANINGS[code] ?? 'Refused' }])),
  };
}

/** `{ data }`. */
export const dataAnswer = (data: JsonSchema): JsonSchema => objectOf({ data });

/** `{ message }`: a write's success message. */
export const MESSAGE_ANSWER: JsonSchema = objectOf({ message: STRING });

/** `{ message, data }`: a write's success message and the record as saved. */
export const savedAnswer = (data: JsonSchema): JsonSchema => objectOf({ message: STRING, data });

/** The `meta` of a page (SPEC §7): total rows, page, rows per page, last page. */
export const PAGE_META: JsonSchema = objectOf({ total: INTEGER, current_page: INTEGER, per_page: INTEGER, last_page: INTEGER });

/** `{ data: [row], meta }`: one page of a list. */
export const pagedAnswer = (row: JsonSchema): JsonSchema => objectOf({ data: { type: 'array', items: row }, meta: PAGE_META });
