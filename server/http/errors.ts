/** Field errors keyed by dotted path (`names.fr`, `seriesList.2.name`), Laravel style. */
export type FieldErrors = Record<string, string[]>;

/** An error the API answers with its status and message; thrown by services and routes. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);

/** 422 with per-field messages; the message is the first field message, as clients show it in a toast. */
export function unprocessable(errors: FieldErrors, message?: string): HttpError {
  const first = Object.values(errors)[0]?.[0];
  return new HttpError(422, message ?? first ?? 'The given data was invalid.', errors);
}

export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
