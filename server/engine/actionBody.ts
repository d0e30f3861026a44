import type { ErrorObject } from 'ajv';
import { createFormAjv } from '../../common/ajvOptions.js';
import { toFieldErrors, type FieldErrors } from '../../common/validation.js';
import { englishLabels } from '../definitions/englishLabels.js';
import { unprocessable } from '../http/errors.js';
import { trimStrings } from './resourceService.js';

/** The JSON Schema of an action's body (an object of named fields), as routes declare it in `config.bodySchema`. */
export interface ActionBodySchema {
  type: 'object';
  required?: readonly string[];
  properties: Readonly<Record<string, object>>;
}

/**
 * What staff read when one field of a dialog's body is refused, in the words of the dialog ('Choose
 * a plan'), in place of the form's message naming the field by its key ('The plan id must be an
 * integer.'): `missing` when the field is absent, null or empty; `bounds` when its value is past
 * a limit (a minimum, a maximum, a length, a number of items); `invalid` for any other refusal.
 * Each falls back on the one before it (`bounds` on `invalid`, `invalid` on `missing`).
 */
export interface FieldWords {
  missing: string;
  invalid?: string;
  bounds?: string;
}

/** The keywords of a limit on a value: `FieldWords.bounds` says them. */
const BOUNDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems']);

/** The message of a body field an action does not take. */
const unknownActionFieldMessage = (field: string) => `The ${field} field is not accepted by this action.`;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The top-level field an ajv error is about: its path's first segment, or the missing property. */
function fieldOf(error: ErrorObject): string {
  const first = error.instancePath.split('/')[1];
  return first ?? (error.keyword === 'required' ? String(error.params.missingProperty) : '');
}

/** A field's refusal in its words, from what was sent and the keywords that failed. */
function inWords(words: FieldWords, value: unknown, keywords: readonly string[]): string {
  if (isEmpty(value) || keywords.includes('required')) return words.missing;
  if (keywords.every((keyword) => BOUNDS.has(keyword))) return words.bounds ?? words.invalid ?? words.missing;
  return words.invalid ?? words.missing;
}

/**
 * A validator of an action's body (add a subscription, set credits, validate a user), with the
 * forms' rules and messages (common/validation.ts): strings trimmed (unless `trim: false`, for a
 * body whose texts count to the space, such as a screen definition), a field the schema does not
 * name refused with 422 on its key, then the schema's 422 keyed by field, each field `words`
 * names refused in those words (a dialog's fields: `FieldWords`). Returns the checked body.
 */
export function actionBody<T>(
  schema: ActionBodySchema,
  { trim = true, words = {} }: { trim?: boolean; words?: Readonly<Record<string, FieldWords>> } = {},
): (body: unknown) => T {
  // An ajv of its own, as compileFormValidator does (server/definitions/formValidator.ts): one shared instance keeps every schema.
  const validate = createFormAjv().compile(schema);
  const labels = englishLabels(schema);
  const known = new Set(Object.keys(schema.properties));
  return (body) => {
    const input = trim ? trimStrings(body ?? {}) : (body ?? {});
    if (input && typeof input === 'object' && !Array.isArray(input)) {
      const unknown = Object.keys(input).filter((key) => !known.has(key));
      if (unknown.length) throw unprocessable(Object.fromEntries(unknown.map((key) => [key, [unknownActionFieldMessage(key)]])));
    }
    if (validate(input)) return input as T;
    const failed = validate.errors ?? [];
    const worded = failed.filter((error) => Object.hasOwn(words, fieldOf(error)));
    if (worded.length === 0) throw unprocessable(toFieldErrors(failed, labels));
    const errors: FieldErrors = toFieldErrors(
      failed.filter((error) => !worded.includes(error)),
      labels,
    );
    const values = (input ?? {}) as Record<string, unknown>;
    for (const field of new Set(worded.map(fieldOf))) {
      const keywords = worded.filter((error) => fieldOf(error) === field).map((error) => error.keyword);
      errors[field] = [inWords(words[field]!, values[field], keywords)];
    }
    // In the order of the dialog's fields: the first is the one its toast says.
    const order = Object.keys(schema.properties);
    const rank = (key: string) => (order.includes(key.split('.')[0]!) ? order.indexOf(key.split('.')[0]!) : order.length);
    throw unprocessable(Object.fromEntries(Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b))));
  };
}
