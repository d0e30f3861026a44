import type { FieldErrors } from '../../../common/validation';

/**
 * A failed API call: HTTP status, the server's message, on 422 its field errors, and the answer's
 * JSON body as sent, for a refusal that carries more (a stale restore's 409: what changed since).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
