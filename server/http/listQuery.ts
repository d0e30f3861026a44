import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { fieldMessage, type FieldErrors } from '../../common/validation.js';
import { unprocessable } from './errors.js';

/**
 * Brings the query string's spellings to one: `name[]` joins `name`, `group[name]` joins `name`
 * when `name` is accepted (the reading-sheet list's `ratings[quality]`), and empty values
 * (`genres=`) are dropped as if absent.
 */
export function normaliseQuery(query: Record<string, unknown>, accepted: ReadonlySet<string>): void {
  for (const key of Object.keys(query)) {
    const bracket = /^\w+\[(\w*)\]$/.exec(key);
    const target = key.endsWith('[]') ? key.slice(0, -2) : bracket && accepted.has(bracket[1]!) ? bracket[1]! : undefined;
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
    // A missing parameter is named by the error's params, not its path (the query as a whole).
    const missing = error.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
    const key = missing ?? error.instancePath.split('/').filter(Boolean)[0] ?? '_';
    const message = fieldMessage(error.keyword, error.params as Record<string, unknown>, key, error.message);
    const messages = (errors[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}

/** The message of a query parameter a list does not accept. */
export const unknownParameterMessage = (param: string, accepted: readonly string[]) =>
  `The ${param} parameter is not accepted by this list (it accepts ${accepted.join(', ')}).`;

/**
 * Route options of a list whose query schema is `schema`: a parameter the
 * schema does not declare is refused with 422 naming it (never ignored), and a value that does not
 * fit answers 422 keyed by its parameter. The handler receives the validated query.
 */
export function strictListQuery<Schema extends { readonly properties: Readonly<Record<string, unknown>> }>(schema: Schema) {
  const accepted = Object.keys(schema.properties);
  const acceptedSet = new Set(accepted);
  return {
    schema: { querystring: schema },
    attachValidation: true,
    // The input guard (server/plugins/inputGuard.ts) has already brought the query's spellings to
    // one and parsed its integers.
    preValidation: async (request: FastifyRequest) => {
      const query = request.query as Record<string, unknown>;
      const unknown = Object.keys(query).filter((key) => !acceptedSet.has(key));
      if (unknown.length) throw unprocessable(Object.fromEntries(unknown.map((param) => [param, [unknownParameterMessage(param, accepted)]])));
    },
    /** Throws the 422 of an invalid value; call first in the handler. */
    check(request: FastifyRequest) {
      if (request.validationError) throw unprocessable(queryErrors(request.validationError.validation));
    },
  } as const;
}
