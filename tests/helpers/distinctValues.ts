import { LOCALES } from '../../common/locales.js';

/**
 * Valid values for a form, derived from its JSON Schema (dereferenced) and its UI schema, each
 * different from the value the record holds, so that a value that does not come back after a save
 * shows. A reference (a UI source `api`) takes ids from the records that exist; a field the UI
 * hides or the schema marks read-only is left out (the server keeps or works it out).
 */

type Json = Record<string, unknown>;

/** Ids of existing records, by source api (`countries`, `utilities/languages`…). */
export type IdPools = ReadonlyMap<string, readonly number[]>;

/** What a generator cannot derive: fails the test naming the path, so the generator is extended rather than the field skipped. */
class CannotDerive extends Error {}

const typeOf = (schema: Json): string | undefined => {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((item) => item !== 'null') as string | undefined;
  return type as string | undefined;
};

const sourceApi = (ui: Json | undefined): string | undefined =>
  ((ui?.['ui:options'] as Json | undefined)?.source as Json | undefined)?.api as string | undefined;

const isTranslations = (schema: Json) => {
  const properties = Object.keys((schema.properties as Json | undefined) ?? {});
  return properties.length > 0 && properties.every((key) => (LOCALES as readonly string[]).includes(key));
};

/** A text of `seed` fitting the schema's length bounds. */
function text(schema: Json, seed: string): string {
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return seed.padEnd(min, 'x').slice(0, max);
}

function stringValue(schema: Json, ui: Json | undefined, path: string, n: number, current: unknown): string {
  const day = String((n % 27) + 1).padStart(2, '0');
  const month = String((n % 12) + 1).padStart(2, '0');
  const candidates: string[] = [];
  if (schema.format === 'date' || ui?.['ui:widget'] === 'date') candidates.push(`2021-${month}-${day}`, `2019-${month}-${day}`);
  else if (schema.format === 'email' || ui?.['ui:widget'] === 'email') candidates.push(`round${n}.${path.replace(/\W/g, '')}@example.org`.toLowerCase());
  else if (schema.format === 'uri') candidates.push(`https://example.org/${path}/${n}`);
  else if (ui?.['ui:widget'] === 'color') candidates.push(`#${String(100000 + n * 7919).slice(-6)}`, '#a1b2c3');
  else if (ui?.['ui:widget'] === 'richText') candidates.push(`<p>Round trip ${path} ${n}</p>`);
  else if (typeof schema.pattern === 'string') candidates.push(`${2000 + n}-${month}`, `${2000 + n}-${month}-${day}`, `+33 1 ${day} ${month} ${day} ${month}`);
  else candidates.push(text(schema, `Round trip ${path} ${n}`), text(schema, `RT ${n} ${path}`));
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const fit = candidates.find((candidate) => candidate !== current && (!pattern || pattern.test(candidate)));
  if (fit === undefined) throw new CannotDerive(`${path}: no distinct value fits ${JSON.stringify(schema)}`);
  return fit;
}

function numberValue(schema: Json, path: string, n: number, current: unknown): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
  const max = typeof schema.maximum === 'number' ? schema.maximum : min + 1000;
  for (let offset = 0; offset <= 10; offset += 1) {
    const value = min + ((n + offset) % (max - min + 1));
    if (value !== current) return value;
  }
  throw new CannotDerive(`${path}: no distinct number between ${min} and ${max}`);
}

function reference(pools: IdPools, api: string, path: string, n: number, current: unknown, count = 1): number[] {
  const ids = pools.get(api);
  if (!ids?.length) throw new CannotDerive(`${path}: no existing records in ${api}`);
  const picked: number[] = [];
  for (let i = 0; picked.length < Math.min(count, ids.length) && i < ids.length * 2; i += 1) {
    const id = ids[(n + i) % ids.length]!;
    if (!picked.includes(id) && !(count === 1 && id === current)) picked.push(id);
  }
  if (!picked.length) throw new CannotDerive(`${path}: ${api} has no record other than ${String(current)}`);
  return picked;
}

/**
 * A valid value of `schema` at `path`, distinct from `current`; `undefined` for a field to leave
 * out. `n` makes the values of two records differ.
 */
export function distinctValue(schema: Json, ui: Json | undefined, path: string, n: number, current: unknown, pools: IdPools): unknown {
  if (schema.readOnly === true || ui?.['ui:widget'] === 'hidden') return undefined;
  if (Array.isArray(schema.enum)) {
    const options = (schema.enum as unknown[]).filter((value) => value !== null);
    return options.find((value, i) => value !== current && i >= n % options.length) ?? options.find((value) => value !== current) ?? options[0];
  }
  const api = sourceApi(ui);
  switch (typeOf(schema)) {
    case 'string':
      return stringValue(schema, ui, path, n, current);
    case 'integer':
    case 'number':
      return api ? reference(pools, api, path, n, current)[0] : numberValue(schema, path, n, current);
    case 'boolean':
      return current !== true;
    case 'object': {
      const properties = (schema.properties as Record<string, Json> | undefined) ?? {};
      if (isTranslations(schema))
        return Object.fromEntries(Object.keys(properties).map((locale) => [locale, text(properties[locale]!, `${path} ${n} in ${locale}`)]));
      const currentObject = (current && typeof current === 'object' ? current : {}) as Json;
      const entries = Object.entries(properties)
        // A list item's own id (no source): left out, so the item is new.
        .filter(([key, property]) => !(key === 'id' && /\.\d+$/.test(path) && !sourceApi(ui?.[key] as Json | undefined) && !Array.isArray(property.enum)))
        .map(([key, property]) => [key, distinctValue(property, ui?.[key] as Json | undefined, `${path}.${key}`, n, currentObject[key], pools)] as const)
        .filter(([, value]) => value !== undefined);
      return Object.fromEntries(entries);
    }
    case 'array': {
      const items = (schema.items as Json | undefined) ?? {};
      const itemUi = (ui?.items as Json | undefined) ?? ui;
      if (api && ['integer', 'number'].includes(typeOf(items) ?? '')) return reference(pools, api, path, n, undefined, 2);
      const currentItems = Array.isArray(current) ? current : [];
      return [0, 1].map((i) => distinctValue(items, itemUi, `${path}.${i}`, n + i, currentItems[i], pools));
    }
    default:
      throw new CannotDerive(`${path}: no value for ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

/**
 * `actual` restricted to the shape of `sent`: an object to the keys sent, a list item by item, a
 * list of ids or texts in any order (sorted). What the server adds (ids of new items, names of
 * references) is left out, so the comparison asks only "did each value sent come back?".
 */
export function asSent(sent: unknown, actual: unknown): unknown {
  if (Array.isArray(sent)) {
    if (!Array.isArray(actual)) return actual;
    if (sent.every((item) => typeof item !== 'object')) return [...actual].sort();
    return actual.map((item, i) => asSent(sent[i], item));
  }
  if (sent && typeof sent === 'object') {
    if (!actual || typeof actual !== 'object') return actual;
    return Object.fromEntries(Object.keys(sent).map((key) => [key, asSent((sent as Json)[key], (actual as Json)[key])]));
  }
  return actual;
}

/** `sent` with its lists of ids or texts sorted, to compare with `asSent`. */
export function normalised(sent: unknown): unknown {
  if (Array.isArray(sent)) return sent.every((item) => typeof item !== 'object') ? [...sent].sort() : sent.map(normalised);
  if (sent && typeof sent === 'object') return Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, normalised(value)]));
  return sent;
}
