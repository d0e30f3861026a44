import type { ValidateFunction } from 'ajv';
import { createFormAjv } from '../../common/ajvOptions.js';
import { toFieldErrors, type FieldErrors } from '../../common/validation.js';
import { englishLabels } from './englishLabels.js';

/** Validates a request body against a form schema: undefined when valid, else errors by dotted key. */
export type FormValidator = (data: unknown) => FieldErrors | undefined;

/**
 * Compiles a screen's `form.schema` with the shared form options (common/ajvOptions.ts), the same
 * ajv setup as the client's RJSF validator; messages name fields by their labels. Throws when the schema itself is invalid.
 * Each call compiles with an ajv instance of its own (a shared one keeps every schema it ever
 * compiled: a check of the reading sheet left ~180 KB behind): callers that keep validators keep
 * them per published version, with a bound (screenRegistry, screenChange).
 */
export function compileFormValidator(schema: object): FormValidator {
  const validate: ValidateFunction = createFormAjv().compile(schema);
  const labels = englishLabels(schema);
  return (data) => (validate(data) ? undefined : toFieldErrors(validate.errors, labels));
}
