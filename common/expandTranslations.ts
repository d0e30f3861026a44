import { LOCALES } from './locales.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
/** A JSON pointer segment. */
const seg = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** Keywords whose value is one subschema. */
const SUBSCHEMA = ['items', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
/** Keywords whose value is a list of subschemas. */
const SUBSCHEMA_LISTS = ['items', 'allOf', 'anyOf', 'oneOf'];
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];

/**
 * Expands the `translations` keyword of a form schema (draft-07) into the object it stands for:
 * `{ "type": "object", "translations": TEMPLATE, "required": ["en"] }` becomes an object with
 * `additionalProperties: false` and one copy of TEMPLATE per locale of `LOCALES` under `properties`.
 * A required locale whose template sets no `minLength` gets `minLength: 1`, so an empty text counts
 * as missing. Returns a new schema (the input is not changed); every other keyword is kept as is.
 * Throws, naming the JSON pointer, on a `translations` that is not a schema, that sits beside
 * `properties` or `additionalProperties`, or whose `required` names no locale.
 */
export function expandTranslations<T>(schema: T): T {
  return expand(schema, '') as T;
}

/**
 * A screen definition (`schemas/*.screen.json`, still unchecked) with its form schema expanded by
 * `expandTranslations`; anything else is returned unchanged, for the meta-schema check to report.
 * Throws like `expandTranslations`, with the pointer from the definition's root.
 */
export function expandScreen<T>(definition: T): T {
  if (!isObject(definition) || !isObject(definition.form) || !isObject(definition.form.schema)) return definition;
  return { ...definition, form: { ...definition.form, schema: expand(definition.form.schema, '/form/schema') } } as T;
}

function expand(schema: unknown, pointer: string): unknown {
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    const at = `${pointer}/${seg(key)}`;
    if (key === 'translations') Object.assign(out, localeProperties(schema, at));
    else if (SUBSCHEMA_MAPS.includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, expand(sub, `${at}/${seg(name)}`)]));
    } else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) out[key] = value.map((sub, index) => expand(sub, `${at}/${index}`));
    else if (SUBSCHEMA.includes(key)) out[key] = expand(value, at);
    else out[key] = value;
  }
  return out;
}

/** What `translations` (at `pointer`, in `schema`) expands to. */
function localeProperties(schema: Json, pointer: string): Json {
  const template = schema.translations;
  const fail = (message: string) => {
    throw new Error(`${pointer} ${message}`);
  };
  if (!isObject(template)) fail('must be a schema (an object), the template of each locale');
  if ('properties' in schema || 'additionalProperties' in schema) fail('replaces "properties" and "additionalProperties": remove them');
  const required = Array.isArray(schema.required) ? schema.required : [];
  const unknown = required.filter((name) => !(LOCALES as readonly unknown[]).includes(name));
  if (unknown.length) fail(`requires ${unknown.join(', ')}, which is no locale (${LOCALES.join(', ')})`);
  const item = expand(template, pointer) as Json;
  return {
    additionalProperties: false,
    properties: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        required.includes(locale) && !('minLength' in item) ? { ...structuredClone(item), minLength: 1 } : structuredClone(item),
      ]),
    ),
  };
}
