/**
 * The JSON Schemas of the API's answers, as the server's routes declare them (`schema.response`):
 * Fastify serialises each answer with its schema (fast-json-stringify), and the OpenAPI document
 * (`GET /api/openapi.json`) describes every route from the same objects. The helpers keep each
 * schema's literal type, so the interface derives its answers' types from them
 * (`FromSchema` of json-schema-to-ts) rather than copying their shape.
 */

/** A JSON Schema, as routes and the OpenAPI document carry it. */
export type JsonSchema = Record<string, unknown>;

/** `S` with `null` added to its type (a typeless schema as is). */
export type Nullable<S> = S extends { type: infer T } ? Omit<S, 'type'> & { type: readonly [...(T extends readonly unknown[] ? T : [T]), 'null'] } : S;

/** A nullable version of a schema (`type: [t, 'null']`; a typeless schema as is). */
export function nullable<const S extends JsonSchema>(schema: S): Nullable<S> {
  const type = schema.type;
  if (type === undefined) return schema as Nullable<S>;
  const types = [type].flat() as string[];
  return (types.includes('null') ? schema : { ...schema, type: [...types, 'null'] }) as Nullable<S>;
}

/** An object whose listed properties are all present but the `optional` ones, and no other. */
export function objectOf<const P extends Record<string, JsonSchema>, const O extends readonly (keyof P & string)[] = readonly []>(
  properties: P,
  options: { optional?: O } = {},
) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !options.optional?.includes(key)) as Exclude<keyof P & string, O[number]>[],
    additionalProperties: false,
  } as const;
}

/**
 * A record as an answer carries it: its id always, every other field unless the reader's roles hide
 * it (docs/permissions.md: a hidden field is absent from every answer, not emptied).
 */
export function recordOf(properties: Record<string, JsonSchema>): JsonSchema {
  return {
    ...objectOf(properties),
    required: 'id' in properties ? ['id'] : [],
    description: "A field the reader's roles hide is absent.",
  };
}

export const STRING = { type: 'string' } as const;
export const INTEGER = { type: 'integer' } as const;
export const NUMBER = { type: 'number' } as const;
export const BOOLEAN = { type: 'boolean' } as const;
export const DATE_TIME = { type: 'string', format: 'date-time' } as const;
/** A per-locale text map (`{ en, fr, … }`), filled locales only. */
export const TRANSLATIONS = { type: 'object', additionalProperties: { type: 'string' } } as const;
/** A value of any JSON type (a screen definition, a stored draft): described by its own documentation. */
export const ANY = {} as const;

/** A refusal: the message in the user's words and, on 422, the messages of each field by dotted path. */
const ERROR_ANSWER = objectOf(
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
export const dataAnswer = <const S extends JsonSchema>(data: S) => objectOf({ data });

/** `{ message }`: a write's success message. */
export const MESSAGE_ANSWER = objectOf({ message: STRING });

/** `{ message, data }`: a write's success message and the record as saved. */
export const savedAnswer = <const S extends JsonSchema>(data: S) => objectOf({ message: STRING, data });

/** The `meta` of a page (SPEC §7): total rows, page, rows per page, last page. */
export const PAGE_META = objectOf({ total: INTEGER, current_page: INTEGER, per_page: INTEGER, last_page: INTEGER });

/** `{ data: [row], meta }`: one page of a list. */
export const pagedAnswer = <const S extends JsonSchema>(row: S) => objectOf({ data: { type: 'array', items: row }, meta: PAGE_META });
