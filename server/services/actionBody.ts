import { compileFormValidator } from '../definitions/formValidator.js';
import { unprocessable } from '../http/errors.js';
import { trimStrings } from './resourceService.js';

/** The JSON Schema of an action's body (an object of named fields), as routes declare it in `config.bodySchema`. */
export interface ActionBodySchema {
  type: 'object';
  required?: readonly string[];
  properties: Readonly<Record<string, object>>;
}

/** The message of a body field an action does not take. */
export const unknownActionFieldMessage = (field: string) => `The ${field} field is not accepted by this action.`;

/**
 * A validator of an action's body (add a subscription, set credits, validate a user), with the
 * forms' rules and messages (common/validation.ts): strings trimmed (unless `trim: false`, for a
 * body whose texts count to the space, such as a screen definition), a field the schema does not
 * name refused with 422 on its key, then the schema's 422 keyed by field. Returns the checked body.
 */
export function actionBody<T>(schema: ActionBodySchema, { trim = true }: { trim?: boolean } = {}): (body: unknown) => T {
  const validate = compileFormValidator(schema);
  const known = new Set(Object.keys(schema.properties));
  return (body) => {
    const input = trim ? trimStrings(body ?? {}) : (body ?? {});
    if (input && typeof input === 'object' && !Array.isArray(input)) {
      const unknown = Object.keys(input).filter((key) => !known.has(key));
      if (unknown.length) throw unprocessable(Object.fromEntries(unknown.map((key) => [key, [unknownActionFieldMessage(key)]])));
    }
    const errors = validate(input);
    if (errors) throw unprocessable(errors);
    return input as T;
  };
}
