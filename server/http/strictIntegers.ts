import { fieldMessage, type FieldErrors } from '../../common/validation.js';

interface PropertySchema {
  type?: string | readonly string[];
  items?: PropertySchema;
  pattern?: string;
}

const DIGITS = /^-?\d{1,16}$/;

const isInteger = (schema: PropertySchema | undefined) => [schema?.type ?? []].flat().includes('integer');

/**
 * The words an integer parameter also takes, when its schema types it as an integer or a string
 * and the string's `pattern` names them (`{ type: ['integer', 'string'], pattern: '^draft$' }`):
 * a number in digits, else one of the words.
 */
const wordsOf = (schema: PropertySchema | undefined) =>
  [schema?.type ?? []].flat().includes('string') && typeof schema?.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;

/**
 * Parses the integer parameters of a query strictly, in place: a value the schema types as an
 * integer (or a list of integers) must be written in digits, with an optional minus sign, and be a
 * safe integer; it is then a number, for the schema's bounds to judge. Anything else (`Infinity`,
 * `1e3`, ` 5`, `0x10`, `2.0`) is refused, keyed by its parameter, where Ajv's own coercion would
 * have let `Infinity` through as a whole number. A parameter that also takes words (`wordsOf`)
 * keeps a value its pattern matches as it is, for the schema to judge too.
 */
export function parseQueryIntegers(query: Record<string, unknown>, properties: Readonly<Record<string, PropertySchema>>): FieldErrors | undefined {
  const errors: FieldErrors = {};
  for (const [param, value] of Object.entries(query)) {
    const schema = Object.hasOwn(properties, param) ? properties[param] : undefined;
    const list = [schema?.type ?? []].flat().includes('array');
    const one = list ? schema?.items : schema;
    if (!isInteger(one)) continue;
    const words = wordsOf(one);
    // One value that also takes words, given as a list (`to[]=1`, `to=1&to=2`), is its only item, as
    // ajv's array coercion makes a plain integer's (which a union of types would not): several are no integer.
    const single = words !== undefined && !list && Array.isArray(value);
    const values = [value].flat();
    const numbers = values.map((item) => {
      if (typeof item !== 'string') return undefined;
      if (DIGITS.test(item) && Number.isSafeInteger(Number(item))) return Number(item);
      return words?.test(item) ? item : undefined;
    });
    if (numbers.some((item) => item === undefined) || (single && numbers.length !== 1)) errors[param] = [fieldMessage('type', { type: 'integer' }, param)];
    else query[param] = Array.isArray(value) && !single ? numbers : numbers[0];
  }
  return Object.keys(errors).length ? errors : undefined;
}
