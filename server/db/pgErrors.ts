/** PostgreSQL error codes (SQLSTATE) the application answers on purpose. */
export const PG_ERRORS = {
  /** A row is still referenced by a foreign key (PostgreSQL 15 for ON DELETE RESTRICT / NO ACTION). */
  foreignKeyViolation: '23503',
  /** ON DELETE RESTRICT on PostgreSQL 17 (PGlite): same meaning as 23503 for a delete. */
  restrictViolation: '23001',
  uniqueViolation: '23505',
  numericOutOfRange: '22003',
  invalidTextRepresentation: '22P02',
} as const;

/** The driver error inside a database failure: its SQLSTATE `code` and, when given, its `detail`. */
interface PgErrorInfo {
  code: string;
  detail: string | undefined;
}

/**
 * The driver error of a database failure, whichever driver raised it: node-postgres and PGlite
 * errors carry `code`; drizzle wraps them in a DrizzleQueryError whose `cause` is the driver error.
 */
function pgError(error: unknown): PgErrorInfo | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, detail } = current as { code?: unknown; detail?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, detail: typeof detail === 'string' ? detail : undefined };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database failure, if it is one. */
export function pgErrorCode(error: unknown): string | undefined {
  return pgError(error)?.code;
}

/** True when a delete (or key update) was refused because other rows still reference the row. */
export function isStillReferenced(error: unknown): boolean {
  const info = pgError(error);
  if (info?.code === PG_ERRORS.restrictViolation) return true;
  return info?.code === PG_ERRORS.foreignKeyViolation && !/is not present in table/.test(info.detail ?? '');
}

/** True when a write named a foreign key whose row does not exist. */
export function isMissingReference(error: unknown): boolean {
  const info = pgError(error);
  return info?.code === PG_ERRORS.foreignKeyViolation && /is not present in table/.test(info.detail ?? '');
}
