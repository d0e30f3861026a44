import { dotted, isObject, type Path } from './check/problem.js';

/** Where the published version and the new file changed the same part differently: what each side holds there. */
export interface MergeConflict {
  /** Dotted, as the check's problems: an item of a list at its index in `merged`, else in `published`. */
  path: string;
  /** The path as segments. */
  segments: Path;
  /** The path with each list's index replaced by its item's name (`['list', 'filters', 'parent']`): what staff read. */
  named: Path;
  /** `value`: both changed the value; `order`: both reordered the same keys or items differently. */
  kind: 'value' | 'order';
  /** What each side holds there (undefined: absent). */
  base: unknown;
  published: unknown;
  next: unknown;
}

export interface MergeResult<T> {
  /** The published version's changes re-applied onto the new file; at each conflict the new file's side. */
  merged: T;
  conflicts: MergeConflict[];
}

/**
 * The keys that name an item of a list, tried in turn: a list column's `field`, a bulk action's or
 * an option source's `name`, a filter's `param`, an option's `value`, a tab's `label`.
 */
const ITEM_KEYS = ['field', 'name', 'param', 'value', 'label'] as const;

/** Absent (a key missing), as opposed to `null`, which is a value. */
const ABSENT = undefined;

/** Order-sensitive equality of JSON values: a reordering is a change (key order is the form's field order). */
const same = (a: unknown, b: unknown): boolean => a === b || (a !== ABSENT && b !== ABSENT && JSON.stringify(a) === JSON.stringify(b));

/** A conflict found below a value, its path relative to that value. */
interface Found {
  segments: (string | number)[];
  named: (string | number)[];
  kind: MergeConflict['kind'];
  base: unknown;
  published: unknown;
  next: unknown;
}

interface Merged {
  value: unknown;
  conflicts: Found[];
}

/**
 * A three-way merge of JSON documents (screen definitions, their labels): the changes from `base`
 * to `published` (staff's) re-applied onto `next` (the release's file), as git merges text, but by
 * structure:
 * - a value one side left as it was in `base` takes the other side's (a key added, changed or
 *   removed by one side only is added, changed or removed);
 * - objects both sides changed merge key by key; their key order is the side's that reordered
 *   (both reordering differently is a conflict), a key added by one side placed after the key it
 *   follows there;
 * - lists both sides changed merge item by item when their items are named (objects by `field`,
 *   `name`, `param`, `value` or `label`, the same key in all three and unique in each; or plain
 *   texts and numbers, each its own name: `required`, `ui:order`), ordered as objects' keys;
 *   any other list is one value;
 * - anything else both sides changed differently is a conflict, never settled silently: `merged`
 *   holds the new file's side there, and the conflict says what each side holds.
 */
export function mergeDefinitions<T>(base: unknown, published: T, next: T): MergeResult<T> {
  const { value, conflicts } = merge(base, published, next);
  return {
    merged: value as T,
    conflicts: conflicts.map((found) => ({
      path: dotted(found.segments),
      segments: found.segments,
      named: found.named,
      kind: found.kind,
      base: found.base,
      published: found.published,
      next: found.next,
    })),
  };
}

function merge(base: unknown, ours: unknown, theirs: unknown): Merged {
  if (same(ours, theirs)) return { value: ours, conflicts: [] };
  if (same(base, ours)) return { value: theirs, conflicts: [] };
  if (same(base, theirs)) return { value: ours, conflicts: [] };
  if (isObject(ours) && isObject(theirs) && (base === ABSENT || isObject(base))) return mergeObjects(base ?? {}, ours, theirs);
  if (Array.isArray(ours) && Array.isArray(theirs) && (base === ABSENT || Array.isArray(base))) {
    const merged = mergeLists(base ?? [], ours, theirs);
    if (merged) return merged;
  }
  return { value: theirs, conflicts: [{ segments: [], named: [], kind: 'value', base, published: ours, next: theirs }] };
}

function mergeObjects(base: Record<string, unknown>, ours: Record<string, unknown>, theirs: Record<string, unknown>): Merged {
  const conflicts: Found[] = [];
  const values = new Map<string, unknown>();
  for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs), ...Object.keys(base)])) {
    const merged = merge(own(base, key), own(ours, key), own(theirs, key));
    conflicts.push(...merged.conflicts.map((found) => ({ ...found, segments: [key, ...found.segments], named: [key, ...found.named] })));
    if (merged.value !== ABSENT) values.set(key, merged.value);
  }
  const order = mergeOrder(Object.keys(base), Object.keys(ours), Object.keys(theirs), new Set(values.keys()));
  if (order.conflict)
    conflicts.push({ segments: [], named: [], kind: 'order', base: Object.keys(base), published: Object.keys(ours), next: Object.keys(theirs) });
  return { value: Object.fromEntries(order.keys.map((key) => [key, values.get(key)])), conflicts };
}

const own = (object: Record<string, unknown>, key: string): unknown => (Object.hasOwn(object, key) ? object[key] : ABSENT);

/** Each item's name in the three lists, or undefined when they are not lists of named items. */
function namesOf(lists: readonly unknown[][]): ((item: unknown) => string) | undefined {
  const unique = (name: (item: unknown) => string) => lists.every((list) => new Set(list.map(name)).size === list.length);
  const items = lists.flat();
  if (items.every((item) => typeof item === 'string' || typeof item === 'number')) {
    const name = (item: unknown) => JSON.stringify(item);
    return unique(name) ? name : undefined;
  }
  if (!items.every(isObject)) return undefined;
  for (const key of ITEM_KEYS) {
    if (!items.every((item) => typeof item[key] === 'string' || typeof item[key] === 'number')) continue;
    const name = (item: unknown) => JSON.stringify((item as Record<string, unknown>)[key]);
    if (unique(name)) return name;
  }
  return undefined;
}

function mergeLists(base: unknown[], ours: unknown[], theirs: unknown[]): Merged | undefined {
  const name = namesOf([base, ours, theirs]);
  if (!name) return undefined;
  const byName = (list: unknown[]) => new Map(list.map((item) => [name(item), item]));
  const [b, o, t] = [byName(base), byName(ours), byName(theirs)];
  const values = new Map<string, Merged>();
  for (const key of new Set([...o.keys(), ...t.keys(), ...b.keys()])) {
    const merged = merge(b.get(key), o.get(key), t.get(key));
    values.set(key, merged);
  }
  const present = new Set([...values].filter(([, merged]) => merged.value !== ABSENT).map(([key]) => key));
  const order = mergeOrder([...b.keys()], [...o.keys()], [...t.keys()], present);
  const conflicts: Found[] = [];
  for (const [key, merged] of values) {
    // An item at its place in the merged list; one left out of it (removed by the new file) at its place in the published version.
    const index = order.keys.indexOf(key);
    const at = index >= 0 ? index : [...o.keys()].indexOf(key);
    const itemName = String(JSON.parse(key) as string | number);
    conflicts.push(...merged.conflicts.map((found) => ({ ...found, segments: [at, ...found.segments], named: [itemName, ...found.named] })));
  }
  if (order.conflict) conflicts.push({ segments: [], named: [], kind: 'order', base, published: ours, next: theirs });
  return { value: order.keys.map((key) => values.get(key)!.value), conflicts };
}

/**
 * The order of the merged keys (`present`): the order of the side that reordered what both kept
 * (the new file's when neither did), each key only the other side has placed after the key it
 * follows there (first when it follows none). Both reordering differently is a conflict: the new
 * file's order then.
 */
function mergeOrder(base: string[], ours: string[], theirs: string[], present: ReadonlySet<string>): { keys: string[]; conflict: boolean } {
  const inAll = (key: string) => base.includes(key) && ours.includes(key) && theirs.includes(key);
  const [b, o, t] = [base.filter(inAll), ours.filter(inAll), theirs.filter(inAll)];
  const oursMoved = o.join('\u0000') !== b.join('\u0000');
  const theirsMoved = t.join('\u0000') !== b.join('\u0000');
  const conflict = oursMoved && theirsMoved && o.join('\u0000') !== t.join('\u0000');
  const [skeleton, other] = oursMoved && !conflict ? [ours, theirs] : [theirs, ours];
  const keys = skeleton.filter((key) => present.has(key));
  other.forEach((key, index) => {
    if (!present.has(key) || keys.includes(key)) return;
    const after = other
      .slice(0, index)
      .reverse()
      .find((previous) => keys.includes(previous));
    keys.splice(after === undefined ? 0 : keys.indexOf(after) + 1, 0, key);
  });
  return { keys, conflict };
}
