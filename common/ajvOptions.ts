import Ajv, { type Options } from 'ajv';
import { formFormats } from './formFormats.js';

/**
 * The one set of ajv options for form schemas (`form.schema` of `schemas/*.screen.json`), used by
 * the server's save validation and by the client's RJSF validator
 * (compiled at build time by scripts/formValidators.ts), so both sides accept and reject the same
 * data with the same dotted keys:
 * - `allErrors`: every failing field is reported, not only the first;
 * - `strict: false`: RJSF keywords and `title`s holding i18n keys are not schema errors;
 * - no type coercion, no defaults and no removal of unknown properties: the data is judged as sent;
 * - the `format`s of common/formFormats.ts, and no other.
 */
export const formAjvOptions: Options = {
  allErrors: true,
  strict: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  formats: formFormats,
};

/** A new ajv instance with the form options and formats. */
export function createFormAjv(): Ajv {
  return new Ajv(formAjvOptions);
}
