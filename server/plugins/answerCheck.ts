import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * The check that every answer is what its route's response schema says, for the test suites
 * (`AppOptions.checkAnswers`): Fastify serialises with the schema (fast-json-stringify), which
 * silently drops a property the schema does not list and coerces a mistyped value, so a schema
 * that drifted from the handler would lose data without a word. Here each JSON answer, as the
 * client will read it, is validated before serialisation against its schema made strict (an object
 * with listed properties takes no other); a mismatch, or a route answering without a schema for
 * its status, turns the answer into a 500 whose message names the route and the path at fault.
 */
export function registerAnswerCheck(app: FastifyInstance): void {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new WeakMap<object, ValidateFunction>();
  const validatorOf = (schema: object) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(strict(schema));
      validators.set(schema, validate);
    }
    return validate;
  };

  app.addHook('preSerialization', async (request, reply, payload) => {
    // The reference page's own routes (`/api/docs`) are the renderer's.
    if (
      !request.url.startsWith('/api/') ||
      request.url.startsWith('/api/docs') ||
      reply.statusCode >= 500 ||
      payload === null ||
      typeof payload !== 'object' ||
      Buffer.isBuffer(payload)
    )
      return payload;
    // No route: the not-found handler's `{ message }`.
    if (request.routeOptions.url === undefined) return payload;
    const route = `${request.method} ${request.routeOptions.url}`;
    const schemas = request.routeOptions.schema?.response as Record<string, object> | undefined;
    const schema = schemas?.[String(reply.statusCode)] ?? schemas?.[`${String(reply.statusCode)[0]}xx`] ?? schemas?.default;
    // Answered as a 500 whose message names the mismatch, so the failing test shows it.
    const refuse = (message: string) => {
      request.log.error({ route }, message);
      reply.code(500);
      return { message };
    };
    if (!schema) return refuse(`${route} answered ${reply.statusCode} without a response schema for it`);
    const validate = validatorOf(schema);
    if (!validate(JSON.parse(JSON.stringify(payload)))) {
      const problems = (validate.errors ?? []).map(
        (error) =>
          `${error.instancePath || '/'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`,
      );
      return refuse(`${route} answered ${reply.statusCode} with what its response schema does not say: ${problems.join('; ')}`);
    }
    return payload;
  });
}

/** A copy of a schema where an object listing its properties takes no other (unless it says so). */
function strict(schema: unknown): object {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema as object;
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, property]) => [name, strict(property)])) : strict(value),
    ]),
  );
  if ('properties' in copy && !('additionalProperties' in copy)) (copy as Record<string, unknown>).additionalProperties = false;
  return copy;
}
