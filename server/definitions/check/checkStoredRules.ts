import { isObject, type Json, type Path, type Report } from './problem.js';

/** What a published definition may not change: the server's code and storage decide it. */
export const STORAGE_MESSAGE = 'can only be changed in the repository: it changes what the server stores or serves.';

/** Texts: free to change. */
const TEXTS = new Set(['title', 'description', '$comment', 'examples']);
/** Upper limits: a published version may add or lower one, never raise or drop the built-in's (the stored value fits it). */
const UPPER = new Set(['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties']);
/** Lower limits: may be added or raised, never lowered or dropped. */
const LOWER = new Set(['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties']);
/** Keywords holding schemas by name. */
const NAMED = new Set(['properties', 'definitions', 'patternProperties']);
/** Keywords holding a list of schemas. */
const LISTS = new Set(['anyOf', 'oneOf', 'allOf']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Refuses, in a published form schema, what would change what the server stores or how it reads a
 * save, compared with the built-in file's schema: a type, a format, a list of values, a property
 * added or removed, a built-in pattern. What staff may change only makes the form stricter or
 * speaks differently: labels and help texts, a field made required, an upper limit lowered or a
 * lower one raised (`names.maxLength 100 → 60`), a pattern where the file has none. So every value
 * a published version accepts, the code and the storage accept too.
 * `addedProperties`: whether top-level properties may be added (a resource's form, whose served
 * fields the check of stored fields already limits) and removed (the field then is not sent).
 */
export function checkStoredRules(next: unknown, builtIn: unknown, path: Path, report: Report, options: { topProperties?: 'fixed' | 'served' } = {}): void {
  walk(next, builtIn, path, report, options.topProperties ?? 'fixed');
}

function walk(next: unknown, base: unknown, path: Path, report: Report, properties: 'fixed' | 'served'): void {
  if (!isObject(next) || !isObject(base)) {
    if (!same(next, base)) report(path, STORAGE_MESSAGE);
    return;
  }
  for (const key of new Set([...Object.keys(base), ...Object.keys(next)])) {
    const at = [...path, key];
    const value = next[key];
    const was = base[key];
    if (TEXTS.has(key) && (typeof value === 'string' || value === undefined || Array.isArray(value))) continue;
    if (UPPER.has(key) || LOWER.has(key)) limit(key, value, was, at, report);
    else if (key === 'pattern') {
      if (was !== undefined && value !== was) report(at, `${STORAGE_MESSAGE} The built-in pattern stays; a pattern can be added only where the file has none.`);
      else if (value !== undefined && typeof value !== 'string') report(at, 'must be a text: a regular expression');
    } else if (key === 'required') required(value, was, next, at, report);
    else if (NAMED.has(key) && isObject(value) && isObject(was)) named(key, value, was, at, report, key === 'properties' ? properties : 'fixed');
    else if (key === 'items' && Array.isArray(value) && Array.isArray(was) && value.length === was.length)
      value.forEach((item, i) => walk(item, was[i], [...at, i], report, 'fixed'));
    else if ((key === 'items' || key === 'additionalItems' || key === 'not') && isObject(value) && isObject(was)) walk(value, was, at, report, 'fixed');
    else if (LISTS.has(key) && Array.isArray(value) && Array.isArray(was) && value.length === was.length)
      value.forEach((item, i) => walk(item, was[i], [...at, i], report, 'fixed'));
    else if (!same(value, was)) report(at, STORAGE_MESSAGE);
  }
}

function limit(key: string, value: unknown, was: unknown, at: Path, report: Report): void {
  const upper = UPPER.has(key);
  if (value === undefined) {
    if (was !== undefined)
      report(at, `is ${String(was)} in the built-in file: the stored values fit it, so it stays (${upper ? 'lower' : 'raise'} it if needed).`);
    return;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return report(at, 'must be a number');
  if (typeof was !== 'number') return;
  if (upper ? value > was : value < was)
    report(
      at,
      `${value} is ${upper ? 'above' : 'below'} ${was}, the built-in limit the stored values fit: it can only be ${upper ? 'lowered' : 'raised'} here.`,
    );
}

function required(value: unknown, was: unknown, node: Json, at: Path, report: Report): void {
  if (value !== undefined && (!Array.isArray(value) || value.some((name) => typeof name !== 'string'))) return report(at, 'must be a list of field names');
  const names = (value ?? []) as string[];
  for (const name of Array.isArray(was) ? (was as string[]) : []) {
    if (!names.includes(name)) report(at, `must keep "${name}": the save needs it (a field can be made required here, not optional).`);
  }
  const known = isObject(node.properties) ? Object.keys(node.properties) : undefined;
  for (const name of names) {
    if (known && !known.includes(name)) report(at, `names "${name}", which is no field here; fields: ${known.join(', ')}`);
  }
}

function named(keyword: string, value: Json, was: Json, at: Path, report: Report, properties: 'fixed' | 'served'): void {
  for (const name of Object.keys(value)) {
    if (name in was) walk(value[name], was[name], [...at, name], report, 'fixed');
    else if (properties === 'fixed')
      report(
        [...at, name],
        `is not stored: ${keyword === 'properties' ? 'a field' : 'a definition'} ${STORAGE_MESSAGE.replace('can only be changed', 'can only be added')}`,
      );
  }
  if (properties === 'served') return;
  for (const name of Object.keys(was)) {
    if (!(name in value)) report([...at, name], `is missing: ${STORAGE_MESSAGE.replace('can only be changed', 'can only be removed')}`);
  }
}
