import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The one set of ajv options for form schemas (`form.schema` of `schemas/*.screen.json`), used by
 * the server's save validation and by the client's RJSF validator
 * (`customizeValidator({ ajvOptionsOverrides: formAjvOptions, ajvFormatOptions: [...formAjvFormats] })`),
 * so both sides accept and reject the same data with the same dotted keys:
 * - `allErrors`: every failing field is reported, not only the first;
 * - `strict: false`: RJSF keywords and `title`s holding i18n keys are not schema errors;
 * - no type coercion, no defaults and no removal of unknown properties: the data is judged as sent.
 */
export const formAjvOptions: Options = {
  allErrors: true,
  strict: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
};

/** The `format`s both sides check (ajv-formats). */
export const formAjvFormats = ['email', 'uri', 'date', 'date-time'] as const;

/** A new ajv instance with the form options and formats. */
export function createFormAjv(): Ajv {
  const ajv = new Ajv(formAjvOptions);
  addFormats(ajv, [...formAjvFormats]);
  return ajv;
}
