import Ajv, { type Options } from 'ajv';
import { formFormats } from './formFormats.js';
import { linearRegExp } from './linearRegExp.js';

/**
 * The one set of ajv options for form schemas (`form.schema` of `schemas/*.screen.json`), used by
 * the server's save validation and by the client's RJSF validator
 * (compiled at build time by scripts/formValidators.ts), so both sides accept and reject the same
 * data with the same dotted keys:
 * - `allErrors`: every failing field is reported, not only the first;
 * - `strict: false`: RJSF keywords and `title`s holding i18n keys are not schema errors;
 * - no type coercion, no defaults and no removal of unknown properties: the data is judged as sent;
 * - the `format`s of common/formFormats.ts, and no other;
 * - `pattern`s run by RE2 (common/linearRegExp.ts): linear time whatever staff write;
 * - the schema is not checked against draft-07 by Ajv: a staff-written schema is checked first by
 *   the definitions' check against the closed language of server/definitions/check/checkSchemaLanguage.ts
 *   (and Ajv's secure meta-schema), so every instance compiles one schema and carries nothing else.
 */
export const formAjvOptions: Options = {
  allErrors: true,
  strict: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  formats: formFormats,
  validateSchema: false,
  // Not optimised: Ajv's optimising passes took three quarters of a form's compile (the reading
  // sheet's: 33 ms against 8 ms), for code that runs as fast without them. The browser's module
  // (server/definitions/validatorModule.ts) is built once per publish, and optimised.
  code: { regExp: linearRegExp, optimize: false },
};

/**
 * A new ajv instance with the form options and formats. Ajv keeps every schema it compiled, and
 * the values its code refers to, for the life of the instance: an instance per schema lets a
 * validator and everything it holds go with its last reference.
 */
export function createFormAjv(): Ajv {
  return new Ajv(formAjvOptions);
}
