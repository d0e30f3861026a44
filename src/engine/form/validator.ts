import { customizeValidator } from '@rjsf/validator-ajv8';
import { formAjvFormats, formAjvOptions } from '../../../common/ajvOptions';
import { messageOf } from '../../../common/validation';

/** RJSF validator with the server's ajv options and the product's messages. */
export const formValidator = customizeValidator({ ajvOptionsOverrides: formAjvOptions, ajvFormatOptions: [...formAjvFormats] }, (errors) => {
  for (const error of errors ?? []) error.message = messageOf(error);
});
