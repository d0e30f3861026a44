import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { FORM_VALIDATORS } from 'virtual:form-validators';
import { messageOf } from '../../../common/validation';
import { validationKey } from './validationKey';

const validators = new WeakMap<object, ValidatorType>();

/**
 * The RJSF validator of a form's schema: the validator compiled for it at build time
 * (scripts/formValidators.ts), with the product's messages, so that no code is compiled in the
 * browser (the Content-Security-Policy has no 'unsafe-eval'). The schema may have its texts
 * translated: they are not part of its key. Throws when the schema was not compiled, naming where
 * forms' schemas are listed: a form must not run without its validation.
 */
export function formValidatorFor(schema: RJSFSchema): ValidatorType {
  const known = validators.get(schema);
  if (known) return known;
  const key = validationKey(schema);
  const validate = (FORM_VALIDATORS as Record<string, unknown>)[key];
  if (!validate) throw new Error(`No validator was compiled for this form's schema (${key}): list it in scripts/formValidators.ts (formSchemas).`);
  const validator = createPrecompiledValidator({ [hashForSchema(schema)]: validate as never }, schema, (errors) => {
    for (const error of errors ?? []) error.message = messageOf(error);
  });
  validators.set(schema, validator);
  return validator;
}
