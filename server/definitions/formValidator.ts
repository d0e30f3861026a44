import type { ValidateFunction } from 'ajv';
import { createFormAjv } from '../../common/ajvOptions.js';
import { toFieldErrors, type FieldErrors } from '../../common/validation.js';
import { englishLabels } from './englishLabels.js';

/** Validates a request body against a form schema: undefined when valid, else errors by dotted key. */
export type FormValidator = (data: unknown) => FieldErrors | undefined;

let ajv: ReturnType<typeof createFormAjv> | undefined;

/**
 * Compiles a screen's `form.schema` with the shared form options (common/ajvOptions.ts), the same
 * ajv setup as the client's RJSF validator; messages name fields by their labels. Throws when the schema itself is invalid.
 */
export function compileFormValidator(schema: object): FormValidator {
  ajv ??= createFormAjv();
  const validate: ValidateFunction = ajv.compile(schema);
  const labels = englishLabels(schema);
  return (data) => (validate(data) ? undefined : toFieldErrors(validate.errors, labels));
}
