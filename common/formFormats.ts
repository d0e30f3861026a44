import type { Format } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';

/** ajv-formats' full check of a format that is a function (with its comparison, for `formatMinimum`). */
type CheckedFormat = { validate: (value: string) => boolean; compare: (a: string, b: string) => number | undefined };

/**
 * RFC 3339's `date` or `date-time` (a real month and day, leap years included) in a year from 0001.
 * RFC 3339 allows year 0000, which neither a PostgreSQL `date` nor `timestamp` holds ('date/time
 * field value out of range'): a form refuses it as an invalid date rather than fail in the database.
 */
function storable(format: Format): Format {
  const checked = format as CheckedFormat;
  return { ...checked, validate: (value: string) => checked.validate(value) && !value.startsWith('0000') };
}

/**
 * The `format`s form schemas may use, checked the same way by the server and by the validators
 * compiled for the browser (scripts/formValidators.ts reaches them as `formFormats`).
 */
export const formFormats: Record<'email' | 'uri' | 'date' | 'date-time', Format> = {
  email: fullFormats.email,
  uri: fullFormats.uri,
  date: storable(fullFormats.date),
  'date-time': storable(fullFormats['date-time']),
};
