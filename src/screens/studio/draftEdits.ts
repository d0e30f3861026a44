import type { Messages } from '../../../common/i18nResources';

/**
 * The studio's structured changes of a draft, as pure functions of the draft: each returns a new
 * definition (or labels), the input untouched, so the JSON pane and the controls edit one value.
 */

export type Json = Record<string, unknown>;
export type Path = readonly (string | number)[];

const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** The value at a path, or undefined. */
export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined), value);
}

/** A copy of `value` with `path` set to `next` (undefined removes the key), creating objects on the way. */
export function setAt<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (next === undefined && rest.length === 0) copy.splice(Number(key), 1);
    else copy[Number(key)] = setAt(copy[Number(key)], rest, next);
    return copy as T;
  }
  const base: Json = isObject(value) ? value : {};
  const child = setAt(base[key as string], rest, next);
  if (child === undefined) {
    const { [key as string]: _removed, ...kept } = base;
    return kept as T;
  }
  return { ...base, [key as string]: child } as T;
}

/** An item moved inside a list. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(Math.max(0, Math.min(to, copy.length)), 0, item!);
  return copy;
}

// ---- labels -------------------------------------------------------------------------------------

/** The key of a label inside the screen's namespace (`screens.genres.columns.website` → `columns.website`), or undefined outside it. */
export function ownKey(namespace: string, key: string): string | undefined {
  return key.startsWith(`${namespace}.`) ? key.slice(namespace.length + 1) : undefined;
}

/** The labels with one text set (a dotted key inside the namespace). */
export function withLabel(labels: Messages, key: string, text: string): Messages {
  return setAt(labels, key.split('.'), text);
}

/**
 * Gives an element a new label text: a key of the screen's own texts keeps its key and gets the
 * text; a shared key (`columns.name`, used by other screens too) is replaced by a key of the
 * screen's own, `suggested`, so the other screens keep theirs. Returns the key to use and the labels.
 */
export function relabel(namespace: string, labels: Messages, key: string | undefined, suggested: string, text: string): { key: string; labels: Messages } {
  const own = key ? ownKey(namespace, key) : undefined;
  const target = own ?? suggested;
  return { key: `${namespace}.${target}`, labels: withLabel(labels, target, text) };
}

// ---- list columns and filters --------------------------------------------------------------------

export interface Column {
  field: string;
  header: string;
  cell?: string;
  width?: string;
  [key: string]: unknown;
}

export interface Filter {
  param: string;
  label: string;
  widget: string;
  options?: Json;
  [key: string]: unknown;
}

export const columnsOf = (definition: Json): Column[] => (getAt(definition, ['list', 'columns']) as Column[] | undefined) ?? [];
export const filtersOf = (definition: Json): Filter[] => (getAt(definition, ['list', 'filters']) as Filter[] | undefined) ?? [];

export const withColumns = (definition: Json, columns: Column[]): Json => setAt(definition, ['list', 'columns'], columns);
export const withFilters = (definition: Json, filters: Filter[]): Json => setAt(definition, ['list', 'filters'], filters.length ? filters : undefined);

// ---- form fields ---------------------------------------------------------------------------------

export interface Tab {
  label: string;
  fields?: string[];
  tabs?: { label: string; fields: string[] }[];
}

const formSchemaPath = ['form', 'schema'] as const;
const uiSchemaPath = ['form', 'uiSchema'] as const;

/** The form's top-level fields in the order the form shows them (`ui:order`, then the others). */
export function formFields(definition: Json): string[] {
  const properties = Object.keys((getAt(definition, [...formSchemaPath, 'properties']) as Json | undefined) ?? {});
  const order = ((getAt(definition, [...uiSchemaPath, 'ui:order']) as string[] | undefined) ?? []).filter((field) => field !== '*');
  return [...order.filter((field) => properties.includes(field)), ...properties.filter((field) => !order.includes(field))];
}

export const tabsOf = (definition: Json): Tab[] => (getAt(definition, [...uiSchemaPath, 'ui:options', 'tabs']) as Tab[] | undefined) ?? [];

/** Where a field is among the tabs: `[tab]` or `[tab, subTab]`; undefined when in none. */
export function tabOf(tabs: readonly Tab[], field: string): [number] | [number, number] | undefined {
  for (const [index, tab] of tabs.entries()) {
    if (tab.fields?.includes(field)) return [index];
    const sub = tab.tabs?.findIndex((candidate) => candidate.fields.includes(field)) ?? -1;
    if (sub >= 0) return [index, sub];
  }
  return undefined;
}

/** `ui:order` kept as the order the tabs show (with `"*"` kept last when there). */
function orderFromTabs(definition: Json, tabs: readonly Tab[]): Json {
  const order = (getAt(definition, [...uiSchemaPath, 'ui:order']) as string[] | undefined) ?? [];
  const fromTabs = tabs.flatMap((tab) => [...(tab.fields ?? []), ...(tab.tabs ?? []).flatMap((sub) => sub.fields)]);
  const rest = order.filter((field) => field !== '*' && !fromTabs.includes(field));
  return setAt(definition, [...uiSchemaPath, 'ui:order'], [...fromTabs, ...rest, ...(order.includes('*') ? ['*'] : [])]);
}

/**
 * Moves a field one place (`by` -1 or +1, or to an index) in the form's order. With tabs, it moves
 * inside its tab (or sub-tab); `ui:order` follows.
 */
export function moveField(definition: Json, field: string, by: number): Json {
  const tabs = tabsOf(definition);
  const where = tabOf(tabs, field);
  if (where) {
    const listPath: Path = where.length === 1 ? [where[0], 'fields'] : [where[0], 'tabs', where[1], 'fields'];
    const fields = getAt(tabs, listPath) as string[];
    const from = fields.indexOf(field);
    const nextTabs = setAt(tabs, listPath, moved(fields, from, from + by));
    return orderFromTabs(setAt(definition, [...uiSchemaPath, 'ui:options', 'tabs'], nextTabs), nextTabs);
  }
  const order = formFields(definition);
  const from = order.indexOf(field);
  const current = (getAt(definition, [...uiSchemaPath, 'ui:order']) as string[] | undefined) ?? [];
  return setAt(definition, [...uiSchemaPath, 'ui:order'], [...moved(order, from, from + by), ...(current.includes('*') ? ['*'] : [])]);
}

/** Moves a field to the end of another tab (`[tab]` or `[tab, subTab]`); `ui:order` follows. */
export function moveFieldToTab(definition: Json, field: string, target: readonly number[]): Json {
  const without = tabsOf(definition).map((tab) => ({
    ...tab,
    ...(tab.fields ? { fields: tab.fields.filter((name) => name !== field) } : {}),
    ...(tab.tabs ? { tabs: tab.tabs.map((sub) => ({ ...sub, fields: sub.fields.filter((name) => name !== field) })) } : {}),
  }));
  const listPath: Path = target.length === 1 ? [target[0]!, 'fields'] : [target[0]!, 'tabs', target[1]!, 'fields'];
  const nextTabs = setAt(without, listPath, [...((getAt(without, listPath) as string[] | undefined) ?? []), field]);
  return orderFromTabs(setAt(definition, [...uiSchemaPath, 'ui:options', 'tabs'], nextTabs), nextTabs);
}

/** Whether a top-level field is required. */
export const isRequired = (definition: Json, field: string): boolean =>
  ((getAt(definition, [...formSchemaPath, 'required']) as string[] | undefined) ?? []).includes(field);

export function withRequired(definition: Json, field: string, required: boolean): Json {
  const current = (getAt(definition, [...formSchemaPath, 'required']) as string[] | undefined) ?? [];
  const next = required ? [...new Set([...current, field])] : current.filter((name) => name !== field);
  return setAt(definition, [...formSchemaPath, 'required'], next.length ? next : undefined);
}

/**
 * Where a field's value rules live (`maxLength`, `pattern`…): its property, or for a translated
 * field the schema of each language (`translations`), following a `$ref` to the definition it
 * names (then shared with the fields naming it too).
 */
export function rulesPath(definition: Json, field: string): Path {
  let path: Path = [...formSchemaPath, 'properties', field];
  for (let depth = 0; depth < 4; depth++) {
    const node = getAt(definition, path) as Json | undefined;
    if (!node) return path;
    if (isObject(node.translations)) {
      path = [...path, 'translations'];
      continue;
    }
    const ref = typeof node.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(node.$ref) : null;
    if (ref) {
      path = [...formSchemaPath, 'definitions', ref[1]!];
      continue;
    }
    return path;
  }
  return path;
}

/** The JSON type(s) of the node holding a field's rules (`string`, `integer`…). */
export function ruleTypes(definition: Json, field: string): string[] {
  const type = (getAt(definition, rulesPath(definition, field)) as Json | undefined)?.type;
  return (Array.isArray(type) ? type : [type]).filter((value): value is string => typeof value === 'string');
}

/** Sets one rule keyword (undefined removes it). */
export function withRule(definition: Json, field: string, keyword: string, value: unknown): Json {
  return setAt(definition, [...rulesPath(definition, field), keyword], value === '' ? undefined : value);
}

/** One key of a field's UI schema (`ui:title`, `ui:help`, `ui:widget`, `ui:options`); undefined removes it. */
export function withFieldUi(definition: Json, field: string, key: string, value: unknown): Json {
  return setAt(definition, [...uiSchemaPath, field, key], value);
}
