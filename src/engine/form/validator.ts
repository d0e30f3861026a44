import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { FORM_VALIDATORS } from 'virtual:form-validators';
import { fieldLabelOf } from '../../../common/fieldLabel';
import { messageOf, type FieldLabels } from '../../../common/validation';
import i18n from '../../i18n';
import { validationKey } from './validationKey';

/** A title that is an i18n key (`screens.requests.fields.demandDate`), not words. */
const I18N_KEY = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

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
  // Fields are named by their labels, as the server names them (its titles in English; here the
  // schema's titles may be translated already, and the text of a translated title is itself).
  const labels: FieldLabels = (segments) => fieldLabelOf(schema, segments, (title) => (I18N_KEY.test(title) ? i18n.t(title) : title));
  const validator = createPrecompiledValidator({ [hashForSchema(schema)]: validate as never }, schema, (errors) => {
    for (const error of errors ?? []) error.message = messageOf(error, labels);
  });
  validators.set(schema, validator);
  return validator;
}
