import { LOCALES, type Locale } from './locales.js';

/**
 * What a revision of a record holds (docs/record-history.md): only the fields a write changed,
 * each with its old and new values, in a shape the history drawer renders in staff's words and a
 * restore reverts. Server and client share it.
 */

/** A JSON value as a record's answer carries it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A record as its history sees it: its own fields (server/engine/history/recordHistory.ts `historyView`). */
export type Snapshot = { [field: string]: Json };

/** A plain value replaced (a text, a number, an id, a list of ids): null on a side where it was absent. */
export interface ValueChange {
  from: Json;
  to: Json;
}

/** A per-language map (`{ en, fr, … }`): the locales whose text changed. */
export interface LocaleChanges {
  locales: Partial<Record<Locale, FieldChange>>;
}

/** An item of a list, where it stood. */
interface PlacedItem {
  at: number;
  item: Json;
}

/** A list of items with ids (characters, authors, files): the items added, removed and changed, by id, and a new order. */
export interface ListChanges {
  items: {
    added?: PlacedItem[];
    removed?: PlacedItem[];
    changed?: { id: number | string; changes: Changes }[];
    /** The ids in their order before and after, when the items kept moved. */
    order?: { from: (number | string)[]; to: (number | string)[] };
  };
}

/** An object that is not a per-language map (the ratings): its changed keys. */
interface ObjectChanges {
  fields: Changes;
}

export type FieldChange = ValueChange | LocaleChanges | ListChanges | ObjectChanges;

/** A revision's changes, by field name. */
export type Changes = { [field: string]: FieldChange };

/** Keys that never enter a revision, at any depth: secrets (password hashes, tokens, the payment provider's ids). */
const SECRET = /password|token|secret|hash|^provider_/i;

/** Whether a field or key is a secret (SECRET): no revision keeps it, and no bulk action sets it (server/engine/declaration.ts `bulkTargetRefusal`). */
export const isSecretField = (key: string): boolean => SECRET.test(key);

const isObject = (value: unknown): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLocaleMap = (value: unknown): boolean => isObject(value) && Object.keys(value).every((key) => (LOCALES as readonly string[]).includes(key));
const idOf = (value: Json): number | string | undefined =>
  isObject(value) && (typeof value.id === 'number' || typeof value.id === 'string') ? value.id : undefined;
const isIdList = (value: unknown): value is Json[] => Array.isArray(value) && value.every((item) => idOf(item) !== undefined);
const empty = (value: Json | undefined): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);

/** The value without its secret keys, at any depth. */
function withoutSecrets(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, inner]) => (SECRET.test(key) ? [] : [[key, withoutSecrets(inner)]])));
}

/** Deep equality of JSON values (keys in any order). */
export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]!));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameJson(a[key], b[key]));
  }
  return false;
}

function diffLists(before: Json[], after: Json[]): ListChanges | undefined {
  const beforeById = new Map(before.map((item, at) => [idOf(item)!, { item, at }]));
  const afterIds = new Set(after.map((item) => idOf(item)!));
  const added = after.flatMap((item, at) => (beforeById.has(idOf(item)!) ? [] : [{ at, item }]));
  const removed = before.flatMap((item, at) => (afterIds.has(idOf(item)!) ? [] : [{ at, item }]));
  const changed = after.flatMap((item) => {
    const old = beforeById.get(idOf(item)!);
    const changes = old ? diffSnapshots(old.item as Snapshot, item as Snapshot) : {};
    return Object.keys(changes).length > 0 ? [{ id: idOf(item)!, changes }] : [];
  });
  const keptBefore = before.map(idOf).filter((id) => afterIds.has(id!)) as (number | string)[];
  const keptAfter = after.map(idOf).filter((id) => beforeById.has(id!)) as (number | string)[];
  const moved = keptBefore.some((id, i) => id !== keptAfter[i]);
  if (!added.length && !removed.length && !changed.length && !moved) return undefined;
  return {
    items: {
      ...(added.length ? { added } : {}),
      ...(removed.length ? { removed } : {}),
      ...(changed.length ? { changed } : {}),
      ...(moved ? { order: { from: before.map(idOf) as (number | string)[], to: after.map(idOf) as (number | string)[] } } : {}),
    },
  };
}

/** The change from one value of a field to another, undefined when they are the same. */
export function diffValue(before: Json | undefined, after: Json | undefined): FieldChange | undefined {
  if (sameJson(before, after) || (empty(before) && empty(after))) return undefined;
  if ((isLocaleMap(before) || empty(before)) && (isLocaleMap(after) || empty(after)) && (isLocaleMap(before) || isLocaleMap(after))) {
    const from = (isObject(before) ? before : {}) as { [locale: string]: Json };
    const to = (isObject(after) ? after : {}) as { [locale: string]: Json };
    const locales: Partial<Record<Locale, FieldChange>> = {};
    for (const locale of LOCALES) {
      const change = diffValue(from[locale], to[locale]);
      if (change) locales[locale] = change;
    }
    return Object.keys(locales).length ? { locales } : undefined;
  }
  if ((isIdList(before) || empty(before)) && (isIdList(after) || empty(after)) && (Array.isArray(before) || Array.isArray(after))) {
    return diffLists(Array.isArray(before) ? before : [], Array.isArray(after) ? after : []);
  }
  if (isObject(before) && isObject(after)) {
    const fields = diffSnapshots(before, after);
    return Object.keys(fields).length ? { fields } : undefined;
  }
  return { from: before ?? null, to: after ?? null };
}

/**
 * The changes from one snapshot of a record to the next: only the fields that differ. A create
 * diffs from nothing (`{}`), a delete to nothing. Secret keys never enter.
 */
export function diffSnapshots(before: Snapshot, after: Snapshot): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (SECRET.test(key)) continue;
    const change = diffValue(
      before[key] === undefined ? undefined : withoutSecrets(before[key]),
      after[key] === undefined ? undefined : withoutSecrets(after[key]),
    );
    if (change) changes[key] = change;
  }
  return changes;
}

const isValueChange = (change: FieldChange): change is ValueChange => 'from' in change;

/**
 * The value a field had before a change, from its value now: a value's old value; a per-language
 * map with the changed locales' old texts; an object with its changed keys' old values; a list
 * without the items the change added, with the items it removed back in their places, with its
 * changed items' old values, in the old order. Later changes to other items, locales or keys stay.
 */
function revertValue(current: Json | undefined, change: FieldChange): Json {
  if (isValueChange(change)) return change.from;
  if ('locales' in change) {
    const map: { [locale: string]: Json } = { ...(isObject(current) ? current : {}) };
    for (const [locale, inner] of Object.entries(change.locales)) {
      const value = revertValue(map[locale], inner!);
      if (empty(value)) delete map[locale];
      else map[locale] = value;
    }
    return map;
  }
  if ('fields' in change) return revertChanges(isObject(current) ? current : {}, change.fields);
  const { added = [], removed = [], changed = [], order } = change.items;
  const addedIds = new Set(added.map(({ item }) => idOf(item)));
  let items = (Array.isArray(current) ? current : []).filter((item) => !addedIds.has(idOf(item)));
  items = items.map((item) => {
    const inner = changed.find((entry) => entry.id === idOf(item));
    return inner ? revertChanges(item as Snapshot, inner.changes) : item;
  });
  const present = new Set(items.map(idOf));
  for (const { at, item } of [...removed].sort((a, b) => a.at - b.at)) {
    if (!present.has(idOf(item))) items.splice(Math.min(at, items.length), 0, item);
  }
  if (order) {
    const rank = new Map(order.from.map((id, i) => [id, i]));
    items = [...items].sort((a, b) => (rank.get(idOf(a)!) ?? Infinity) - (rank.get(idOf(b)!) ?? Infinity));
  }
  return items;
}

/** A snapshot with the fields of `changes` (only those named in `fields`, when given) brought back to their values before the changes. */
export function revertChanges(current: Snapshot, changes: Changes, fields?: readonly string[]): Snapshot {
  const reverted: Snapshot = { ...current };
  for (const [field, change] of Object.entries(changes)) {
    if (fields && !fields.includes(field)) continue;
    reverted[field] = revertValue(current[field], change);
  }
  return reverted;
}
