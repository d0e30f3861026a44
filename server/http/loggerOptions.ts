import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { loggedError } from './loggedError.js';

/** The logger options `buildApp` takes: Fastify's (pino's, plus `stream`), true for the defaults, false for none. */
export type LoggerOptions = NonNullable<FastifyServerOptions['logger']>;

/**
 * Paths pino replaces with '[Redacted]' in every log line, whatever was logged: passwords and
 * password hashes (as a body, a record or a row names them), up to two levels deep, and the
 * credentials of a request or an answer (cookies, `authorization`, `set-cookie`).
 */
export const LOG_REDACT_PATHS: readonly string[] = [
  ...['password', 'passwordHash', 'password_hash'].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  ...['cookie', 'authorization', '["proxy-authorization"]', '["set-cookie"]'].flatMap((header) => {
    const path = header.startsWith('[') ? `headers${header}` : `headers.${header}`;
    return [path, `*.${path}`];
  }),
  'cookies',
  '*.cookies',
];

/** The request of the 'incoming request' line: Fastify's fields, the URL without its query string. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The logger options of the application: the caller's (level, stream…) with the redaction
 * (LOG_REDACT_PATHS, added to any the caller gives), request lines without query strings, and
 * errors without the values of a failed query (`loggedError`) always applied; `buildApp` passes
 * every logger through it, so no caller can turn them off. False stays false.
 */
export function loggerOptions(logger: LoggerOptions): LoggerOptions {
  if (logger === false) return false;
  const options = logger === true ? {} : logger;
  const callerPaths = Array.isArray(options.redact) ? options.redact : (options.redact?.paths ?? []);
  return {
    ...options,
    redact: { paths: [...new Set([...LOG_REDACT_PATHS, ...callerPaths])] },
    serializers: { ...options.serializers, req: loggedRequest, err: loggedError },
  };
}
