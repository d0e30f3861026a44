import { fieldMessage, type FieldErrors } from '../../common/validation.js';

interface PropertySchema {
  type?: string | readonly string[];
  items?: PropertySchema;
}

const DIGITS = /^-?\d{1,16}$/;

const isInteger = (schema: PropertySchema | undefined) => [schema?.type ?? []].flat().includes('integer');

/**
 * Parses the integer parameters of a query strictly, in place: a value the schema types as an
 * integer (or a list of integers) must be written in digits, with an optional minus sign, and be a
 * safe integer; it is then a number, for the schema's bounds to judge. Anything else (`Infinity`,
 * `1e3`, ` 5`, `0x10`, `2.0`) is refused, keyed by its parameter, where Ajv's own coercion would
 * have let `Infinity` through as a whole number.
 */
export function parseQueryIntegers(query: Record<string, unknown>, properties: Readonly<Record<string, PropertySchema>>): FieldErrors | undefined {
  const errors: FieldErrors = {};
  for (const [param, value] of Object.entries(query)) {
    const schema = Object.hasOwn(properties, param) ? properties[param] : undefined;
    const list = [schema?.type ?? []].flat().includes('array');
    if (!(list ? isInteger(schema?.items) : isInteger(schema))) continue;
    const values = [value].flat();
    const numbers = values.map((item) => (typeof item === 'string' && DIGITS.test(item) && Number.isSafeInteger(Number(item)) ? Number(item) : undefined));
    if (numbers.some((item) => item === undefined)) errors[param] = [fieldMessage('type', { type: 'integer' }, param)];
    else query[param] = Array.isArray(value) ? numbers : numbers[0];
  }
  return Object.keys(errors).length ? errors : undefined;
}
