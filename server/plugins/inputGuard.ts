import type { FastifyInstance } from 'fastify';
import { unprocessable } from '../http/errors.js';
import { findUnstorable, jsonTooDeep, tooDeepError, unstorableError } from '../http/hostileInput.js';
import { normaliseQuery } from '../http/listQuery.js';
import { parseQueryIntegers } from '../http/strictIntegers.js';

interface QuerySchema {
  properties?: Record<string, { type?: string | readonly string[]; items?: { type?: string | readonly string[] } }>;
}

/**
 * Refuses, for every route and before any route sees them, the inputs PostgreSQL or a recursive
 * walk cannot take, so no route answers them with a 500:
 * - JSON bodies: nested deeper than MAX_JSON_DEPTH (400, before parsing); a NUL character or a lone
 *   surrogate in any string or key, or a non-finite number (422 keyed by the value's path);
 * - query strings and path parameters: the same characters (422), and integer parameters that are
 *   not plain digits (`Infinity`, `1e3`; 422), after the query's spellings are brought to one
 *   (`genres[]` → `genres`).
 * Multipart bodies are read by `receiveUploads`, which applies the same character rule to each
 * text field as it arrives. The checks run after the session check, so a caller without one still
 * gets 401.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonTooDeep(text)) return done(tooDeepError(), undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const found = findUnstorable(value);
      if (found) return done(unstorableError(found), undefined);
      done(null, value);
    });
  });

  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown>;
    const properties = (request.routeOptions.schema?.querystring as QuerySchema | undefined)?.properties;
    if (properties) normaliseQuery(query, new Set(Object.keys(properties)));
    const found = findUnstorable(query) ?? findUnstorable(request.params);
    if (found) throw unstorableError(found);
    const errors = properties && parseQueryIntegers(query, properties);
    if (errors) throw unprocessable(errors);
  });
}
