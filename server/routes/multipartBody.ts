/**
 * The JSON body of a multipart save, read from its text fields with the help of the form schema
 * (SPEC §7: "other methods send a body, or form data when a file is attached"). Form data only
 * carries strings, so each value is typed by the schema of its property:
 * - `''` is null where the property allows null (an emptied optional field);
 * - digits are numbers where it is an integer or a number; `true`/`false`/`1`/`0` booleans;
 * - a JSON text is parsed where it is an object or an array;
 * - bracketed names nest: `names[en]` → `{ names: { en } }`, `ids[]` → `{ ids: [...] }`,
 *   `list[0][name]` → `{ list: [{ name }] }`.
 * Anything else is kept as sent, so the schema validation reports it with its usual message.
 * Text parts named like a file field (an empty file input sent as text) are dropped.
 */

type Schema = Record<string, unknown>;

const MAX_INDEX = 10_000;

/** `a[b][]` → ['a', 'b', '']. Undefined for a malformed name. */
export function nameSegments(name: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return undefined;
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  return [match[1]!, ...rest];
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Puts `value` at `segments` of `target`, creating objects and arrays on the way. */
function assign(target: Record<string, unknown>, segments: string[], value: string): void {
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (UNSAFE_KEYS.has(segment)) return;
    const last = i === segments.length - 1;
    const nextIsArray = !last && (segments[i + 1] === '' || /^\d+$/.test(segments[i + 1]!));
    if (Array.isArray(node)) {
      const index = segment === '' ? node.length : Number(segment);
      if (!Number.isInteger(index) || index > MAX_INDEX) return;
      if (last) node[index] = value;
      else node = (node[index] ??= nextIsArray ? [] : {}) as Record<string, unknown> | unknown[];
      continue;
    }
    if (segment === '') return;
    if (last) node[segment] = value;
    else {
      const existing = node[segment];
      node = (existing && typeof existing === 'object' ? existing : (node[segment] = nextIsArray ? [] : {})) as Record<string, unknown> | unknown[];
    }
  }
}

/** Follows a local `$ref` (`#/definitions/name`, `#/$defs/name`) and merges its siblings. */
function resolve(schema: unknown, root: Schema): Schema {
  if (!isRecord(schema)) return {};
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, segment) => (isRecord(node) ? node[segment] : undefined), root);
  const { $ref: _ref, ...siblings } = schema;
  return { ...resolve(target, root), ...siblings };
}

function typesOf(schema: Schema): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type.map(String);
  if (typeof type === 'string') return [type];
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v)))];
  return [];
}

/** Types one value by its schema (see the module comment). */
export function coerce(value: unknown, propertySchema: unknown, root: Schema): unknown {
  const schema = resolve(propertySchema, root);
  const types = typesOf(schema);
  if (Array.isArray(value)) {
    const items = schema.items;
    return value.map((item) => coerce(item, items, root));
  }
  if (isRecord(value)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, coerce(item, properties[key] ?? schema.additionalProperties, root)]));
  }
  if (typeof value !== 'string') return value;
  if (value === '' && types.includes('null')) return null;
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (types.includes('boolean')) {
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
  }
  if ((types.includes('object') || types.includes('array')) && !types.includes('string')) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/** The body of a multipart save: its text `entries` nested and typed by the form `schema`, file fields left out. */
export function multipartBody(entries: readonly (readonly [string, string])[], schema: object, fileFields: readonly string[] = []): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  const skipped = new Set(fileFields.map((field) => nameSegments(field)?.[0] ?? field));
  for (const [name, value] of entries) {
    const segments = nameSegments(name);
    if (!segments || skipped.has(segments[0]!)) continue;
    assign(raw, segments, value);
  }
  const root = schema as Schema;
  const properties = isRecord(root.properties) ? root.properties : {};
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, coerce(value, properties[key], root)]));
}
