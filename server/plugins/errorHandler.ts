import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import { toFieldErrors } from '../../common/validation.js';
import { isMissingReference, isStillReferenced, PG_ERRORS, pgErrorCode } from '../db/pgErrors.js';

/**
 * One shape for every failure: `{ message, errors? }`. Schema validation failures are 422 with
 * dotted keys; client mistakes keep their 4xx; a write refused by a database constraint is 409
 * (a row still referenced, a duplicate value); anything unexpected is logged and answered 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.validation) {
      const errors = toFieldErrors(error.validation as never);
      return reply.status(422).send({ message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is not valid JSON.' : error.message;
      return reply.status(status).send({ message });
    }
    const conflict = databaseConflict(error);
    if (conflict) return reply.status(409).send({ message: conflict });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` }));
}

/** The 409 message for a write the database refused on a constraint, if that is what happened. */
function databaseConflict(error: unknown): string | undefined {
  if (isStillReferenced(error)) return 'This record is still used by other records and cannot be deleted.';
  if (isMissingReference(error)) return 'A record this one refers to does not exist any more.';
  if (pgErrorCode(error) === PG_ERRORS.uniqueViolation) return 'This value is already used by another record.';
  return undefined;
}
