import type { ErrorObject } from 'ajv';
import { LOCALE_NAMES, type Locale } from './locales';

/** Field errors keyed by dotted path, as the API's 422 answers carry them. */
export type FieldErrors = Record<string, string[]>;

/**
 * The label the form shows for the field at a path (`['demand_date']` → 'Request date'), or
 * undefined where it shows none: messages then name the field by its key.
 */
export type FieldLabels = (segments: readonly string[]) => string | undefined;

/**
 * Turns ajv errors into dotted-path field errors: `/names/fr` becomes `names.fr`,
 * a missing required property is reported on the property itself, an unknown property on the
 * object that holds it (`names`, as RJSF reports it), its message naming the property by its
 * label when `labels` knows it.
 */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined, labels?: FieldLabels): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors ?? []) {
    const segments = error.instancePath.split('/').filter(Boolean).map(unescapePointer);
    if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
    const key = segments.join('.') || '_';
    const message = messageOf(error, labels);
    const messages = (result[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return result;
}

/**
 * The product's message for one ajv error (also the client validator's localizer; RJSF quotes
 * `missingProperty` before localizing, so the quotes are dropped to give the server's text).
 */
export function messageOf(error: ErrorObject, labels?: FieldLabels): string {
  const segments = error.instancePath.split('/').filter(Boolean).map(unescapePointer);
  const unquoted = (value: unknown) => String(value).replace(/^'(.*)'$/, '$1');
  if (error.keyword === 'required') segments.push(unquoted(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(unquoted(error.params.additionalProperty));
  return fieldMessage(error.keyword, error.params, fieldName(segments, labels), error.message);
}

/**
 * The field an error names, from its path: its label in the form ('request date'), else the last
 * segment; for one language of a translatable field (`names.en`, `summaries.de`), that field's
 * label (else its key) in the singular, with the language: 'name (English)', 'pitch (Deutsch)'.
 */
export function fieldName(segments: readonly string[], labels?: FieldLabels): string {
  const last = segments[segments.length - 1] ?? 'value';
  const owner = segments[segments.length - 2];
  if (!(last in LOCALE_NAMES) || owner === undefined || /^\d+$/.test(owner)) {
    const label = labels?.(segments);
    return label ? inSentence(label) : last;
  }
  const ownerLabel = labels?.(segments.slice(0, -1));
  return `${singular(ownerLabel ? inSentence(ownerLabel) : humanize(owner))} (${LOCALE_NAMES[last as Locale]})`;
}

/** A label inside a sentence: 'Request date' → 'request date', 'E-mail' → 'e-mail'; 'VAT number' and 'ID' keep their capitals. */
function inSentence(label: string): string {
  return /^[A-Z](?![A-Z0-9])/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/** A field's plural name in the singular: 'pitches' → 'pitch', 'summaries' → 'summary', 'names' → 'name'. */
function singular(words: string): string {
  if (/ies$/.test(words)) return words.replace(/ies$/, 'y');
  if (/(ch|sh|ss|x)es$/.test(words)) return words.replace(/es$/, '');
  if (/[^s]s$/.test(words)) return words.slice(0, -1);
  return words;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A field's key in words: `demand_date` and `reporterStatusId` read 'demand date' and 'reporter status id'. */
export function humanize(field: string): string {
  return field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** The product's message for one failed JSON Schema keyword on `field` (same text on client and server). */
export function fieldMessage(keyword: string, params: Record<string, unknown>, field: string, fallback?: string): string {
  // A key (`demand_date`, `perPage`) is put in words; a label or a name made by fieldName is in words already.
  const name = /^[a-z][A-Za-z0-9_]*$/.test(field) ? humanize(field) : field;
  switch (keyword) {
    case 'required':
      return `The ${name} field is required.`;
    case 'minLength':
      return params.limit === 1 ? `The ${name} field is required.` : `The ${name} must be at least ${params.limit} characters.`;
    case 'maxLength':
      return `The ${name} may not be greater than ${params.limit} characters.`;
    case 'minimum':
      return `The ${name} must be at least ${params.limit}.`;
    case 'maximum':
      return `The ${name} may not be greater than ${params.limit}.`;
    case 'format':
      return params.format === 'email' ? `The ${name} must be a valid email address.` : `The ${name} format is invalid.`;
    case 'pattern':
      return `The ${name} format is invalid.`;
    case 'type':
      return `The ${name} must be ${article(String(params.type))}.`;
    case 'enum':
      return `The selected ${name} is invalid.`;
    case 'additionalProperties':
      return `The ${name} field is not allowed.`;
    case 'uniqueItems':
      return `The ${name} field lists the same value twice.`;
    default:
      return fallback ? `The ${name} ${fallback}.` : `The ${name} is invalid.`;
  }
}

function article(type: string): string {
  const words: Record<string, string> = {
    integer: 'an integer',
    number: 'a number',
    string: 'a string',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    null: 'empty',
  };
  return type
    .split(',')
    .map((t) => words[t] ?? t)
    .join(' or ');
}
