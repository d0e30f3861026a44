/**
 * Properties of an error never written to the log, at any depth: the values bound to a failed query
 * (drizzle's `params`, which PGlite's errors carry too, and the driver's query options), and the
 * parts of a PostgreSQL error that quote row or key values: `detail` ('Failing row contains (…)',
 * 'Key (email)=(…) already exists.'), and the context (`where`, `internalQuery`), which may quote a
 * statement built with its values.
 */
const WITHHELD = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery']);

/** How deep causes and nested errors are followed. */
const MAX_DEPTH = 5;

interface ErrorLike {
  message: string;
  name?: unknown;
  stack?: unknown;
  cause?: unknown;
  errors?: unknown;
  constructor?: { name?: unknown };
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** A drizzle DrizzleQueryError: its message is 'Failed query: <sql>\nparams: <values>'. */
function isFailedQuery(error: ErrorLike): error is ErrorLike & { query: string; params: unknown } {
  const { query, params } = error as { query?: unknown; params?: unknown };
  return typeof query === 'string' && params !== undefined && error.message.startsWith(`Failed query: ${query}`);
}

/** The error's class name; a driver error is a DatabaseError (PGlite's class name is minified). */
function typeOf(error: ErrorLike): string {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return 'DatabaseError';
  const name = error.constructor?.name;
  return typeof name === 'string' && name !== 'Object' ? name : String(error.name ?? 'Error');
}

/** The stack with `message` in place of the error's own message (whose values it repeats). */
function stackWith(stack: string, type: string, message: string): string {
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

/** An error as the log shows it. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serialize(error: ErrorLike, seen: Set<object>, depth: number): LoggedError {
  seen.add(error);
  const type = typeOf(error);
  const failedQuery = isFailedQuery(error);
  const message = failedQuery ? `Failed query: ${error.query}` : error.message;
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const logged: LoggedError = { type, message, stack: failedQuery ? stackWith(stack, type, message) : stack };
  const nested = (value: unknown) => (isErrorLike(value) && !seen.has(value) && depth < MAX_DEPTH ? serialize(value, seen, depth + 1) : undefined);
  for (const [key, value] of Object.entries(error)) {
    if (WITHHELD.has(key) || key in logged || key === 'cause') continue;
    logged[key] = isErrorLike(value) ? nested(value) : value;
  }
  // An AggregateError's errors (not enumerable, so not copied above).
  if (Array.isArray(error.errors) && error.errors.some(isErrorLike)) {
    logged.errors = error.errors.map((item) => (isErrorLike(item) ? nested(item) : item));
  }
  const cause = nested(error.cause);
  if (cause) logged.cause = cause;
  return logged;
}

/**
 * The `err` serializer of the log: type, message, stack and the error's own properties, its
 * `cause` (the driver's error inside a database failure) nested below it. A failed query keeps its
 * SQL text, with `$1`-style placeholders, and the PostgreSQL error its code, message, table, column
 * and constraint; the values are left out (WITHHELD), from the message and stack too. PostgreSQL's
 * own messages name columns and constraints and quote at most a value it could not read as its
 * type ('invalid input syntax for type integer: "abc"'), never a password, which reaches the
 * database only as its argon2 hash. Anything but an error is logged as given.
 */
export function loggedError(error: Error): LoggedError;
export function loggedError(error: unknown): unknown;
export function loggedError(error: unknown): unknown {
  return isErrorLike(error) ? serialize(error, new Set(), 0) : error;
}
