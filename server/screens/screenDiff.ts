import { createTwoFilesPatch } from 'diff';
import type { Messages } from '../../common/i18nResources.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** An i18n key (`screens.genres.parent`, `fields.name`), as the meta-schema's `i18nKey` reads one; anything else is already words. */
const I18N_KEY = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

interface Side {
  definition: Json;
  labels: Messages;
}

/** What the diff reads texts with: the screen's namespace (its own keys, in each side's labels) and the interface's English texts. */
export interface DiffTexts {
  namespace: string;
  /** The English text of a key of the interface (a shared key, or the built-in text of one of the screen's). */
  text(key: string): string | undefined;
}

/** The text of a label on one side: the side's own labels for the screen's keys, else the interface's; a title that is no key is its words. */
function textOn(side: Side, key: unknown, texts: DiffTexts): string | undefined {
  if (typeof key !== 'string' || key === '') return undefined;
  if (!I18N_KEY.test(key)) return key;
  if (key.startsWith(`${texts.namespace}.`)) {
    const own = key
      .slice(texts.namespace.length + 1)
      .split('.')
      .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), side.labels);
    if (typeof own === 'string') return own;
  }
  return texts.text(key);
}

/** A form field's schema with its `$ref` (and a translatable field's `translations.$ref`) followed. */
function fieldSchema(schema: Json, name: string): Json {
  const definitions = isObject(schema.definitions) ? schema.definitions : {};
  const follow = (node: unknown): Json => {
    if (!isObject(node)) return {};
    const ref = typeof node.$ref === 'string' ? definitions[node.$ref.replace('#/definitions/', '')] : undefined;
    return isObject(ref) ? { ...ref, ...node } : node;
  };
  const field = follow(isObject(schema.properties) ? schema.properties[name] : undefined);
  // A translatable field's rule is the one of its languages.
  return isObject(field.translations) ? { ...follow(field.translations), title: field.title } : field;
}

/** A tab of the form: its label key (what identifies it) and, for a sub-tab, its parent's. */
interface TabPlace {
  keys: string[];
}

/** Each form field's tab (`ui:options.tabs[].fields`, sub-tabs included), by field. */
function tabsOf(uiSchema: Json): Map<string, TabPlace> {
  const options = isObject(uiSchema['ui:options']) ? uiSchema['ui:options'] : {};
  const byField = new Map<string, TabPlace>();
  const walk = (list: unknown, parents: string[]) => {
    for (const tab of Array.isArray(list) ? list : []) {
      if (!isObject(tab)) continue;
      const keys = [...parents, String(tab.label ?? '')];
      for (const field of Array.isArray(tab.fields) ? tab.fields : []) byField.set(String(field), { keys });
      walk(tab.tabs, keys);
    }
  };
  walk(options.tabs, []);
  return byField;
}

/** The form's top-level fields in the order the form shows them (`ui:order`, then the others). */
function fieldOrder(schema: Json, uiSchema: Json): string[] {
  const properties = Object.keys(isObject(schema.properties) ? schema.properties : {});
  const order = (Array.isArray(uiSchema['ui:order']) ? (uiSchema['ui:order'] as unknown[]) : []).map(String).filter((field) => properties.includes(field));
  return [...new Set([...order, ...properties])];
}

/**
 * The items whose place changed from one order to the other, with their new neighbour: the
 * shortest story of a reordering (the items off the longest common subsequence moved; the
 * others kept their order).
 */
export function movedItems(before: readonly string[], after: readonly string[]): { item: string; before?: string; after?: string }[] {
  const a = before.filter((item) => after.includes(item));
  const b = after.filter((item) => before.includes(item));
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const kept = new Set<string>();
  // A tie keeps the earlier order's item: the one the later order put elsewhere is the one that moved.
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! > lengths[i]![j + 1]!) i++;
    else j++;
  }
  return b
    .filter((item) => !kept.has(item))
    .map((item) => {
      const at = b.indexOf(item);
      return at + 1 < b.length ? { item, before: b[at + 1]! } : at > 0 ? { item, after: b[at - 1]! } : { item };
    });
}

/** The words of a value in a change (`4rem`, `#0091ea`, `["a","b"]`). */
const valueWords = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** How a filter shows, in words. */
const FILTER_WIDGET_WORDS: Record<string, string> = {
  select: 'a list to choose one',
  multiSelect: 'a list to choose several',
  treeSelect: 'a tree to choose from',
  month: 'a month',
  stars: 'stars',
  text: 'a text box',
};

/** A value rule of a form field, said as staff read it: what it is now, and what it was. */
function ruleWords(keyword: string, value: unknown): string {
  if (value === undefined) {
    return (
      {
        maxLength: 'no maximum length',
        minLength: 'no minimum length',
        maximum: 'no maximum',
        minimum: 'no minimum',
        maxItems: 'no maximum number of choices',
        minItems: 'no minimum number of choices',
        pattern: 'any text',
      } as Record<string, string>
    )[keyword]!;
  }
  const n = valueWords(value);
  return (
    {
      maxLength: `at most ${n} characters`,
      minLength: `at least ${n} characters`,
      maximum: `at most ${n}`,
      minimum: `at least ${n}`,
      maxItems: `at most ${n} chosen`,
      minItems: `at least ${n} chosen`,
      pattern: `must match the pattern ${n}`,
    } as Record<string, string>
  )[keyword]!;
}
const RULES = ['maxLength', 'minLength', 'maximum', 'minimum', 'maxItems', 'minItems', 'pattern'] as const;

/** The other keywords of a field staff read as a change of what it holds. */
const VALUE_KEYWORDS: Record<string, string> = { type: 'kind of value', format: 'format', default: 'default', enum: 'choices' };

/** The texts of a screen outside its columns, filters and fields, by where they show. */
const TEXT_PLACES: readonly { path: readonly string[]; place: string }[] = [
  { path: ['title'], place: 'Screen title' },
  { path: ['menu', 'label'], place: 'Menu entry' },
  { path: ['list', 'title'], place: 'List title' },
  { path: ['list', 'search', 'placeholder'], place: 'Search box' },
  { path: ['list', 'countLabel'], place: 'Count of rows' },
  { path: ['form', 'title', 'create'], place: 'Title of a new record’s form' },
  { path: ['form', 'title', 'edit'], place: 'Title of a record’s form' },
  { path: ['form', 'title', 'view'], place: 'Title of a read-only record’s page' },
  { path: ['form', 'submitLabel'], place: 'Save button' },
];

/** The other parts of a definition, each named when its settings change (the JSON diff says how). */
const OTHER_PARTS: readonly { path: readonly string[]; name: string; skip?: readonly string[] }[] = [
  { path: [], name: 'other settings of the screen', skip: ['$schema', 'list', 'form', 'title', 'menu'] },
  { path: ['menu'], name: 'the menu entry’s place or icon', skip: ['label'] },
  { path: ['list'], name: 'other settings of the list', skip: ['columns', 'filters', 'title', 'search', 'countLabel', 'bulkActions'] },
  { path: ['list', 'search'], name: 'the search box', skip: ['placeholder'] },
  { path: ['list', 'bulkActions'], name: 'the actions on chosen rows' },
  { path: ['form'], name: 'other settings of the form', skip: ['schema', 'uiSchema', 'title', 'submitLabel'] },
];

const at = (value: unknown, path: readonly string[]): unknown => path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), value);
const without = (value: unknown, keys: readonly string[] = []) =>
  isObject(value) ? Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key))) : value;

/** The column entries of a side (a draft is stored unchecked: any entry may be no object). */
const entriesOf = (side: Side, path: readonly string[], key: string) => {
  const list = at(side.definition, path);
  return (Array.isArray(list) ? (list as unknown[]) : []).map((entry) => ({
    id: String(isObject(entry) ? entry[key] : entry),
    entry: isObject(entry) ? entry : {},
  }));
};

/**
 * What changed between two versions of a screen, as staff read it: every element named by its
 * label on the side that has it, never by its key (`New list column: English name`,
 * `Name: at most 40 characters (was 255)`, `Parent genre: moved from tab Identity to tab Family`,
 * `Parent genre: moved before Display colour`, `Screen title: Kinds (was Genres)`), a part whose
 * settings the words do not detail named as changed; and the unified JSON diff of the two sides.
 */
export function screenDiff(from: Side, to: Side, texts: DiffTexts): { changes: string[]; json: string } {
  const changes: string[] = [];
  const text = (side: Side, key: unknown) => textOn(side, key, texts);
  const label = (side: Side, key: unknown, fallback: string) => text(side, key) ?? fallback;

  // ---- list columns, by field ----
  const [columnsA, columnsB] = [entriesOf(from, ['list', 'columns'], 'field'), entriesOf(to, ['list', 'columns'], 'field')];
  const header = (side: Side, column: { id: string; entry: Json }) => label(side, column.entry.header, column.id);
  const headerOf = (side: Side, columns: typeof columnsA, id: string) =>
    header(
      side,
      columns.find((column) => column.id === id)!,
    );
  for (const column of columnsB.filter((column) => !columnsA.some((other) => other.id === column.id))) changes.push(`New list column: ${header(to, column)}`);
  for (const column of columnsA.filter((column) => !columnsB.some((other) => other.id === column.id)))
    changes.push(`List column removed: ${header(from, column)}`);
  for (const column of columnsB) {
    const before = columnsA.find((other) => other.id === column.id);
    if (!before) continue;
    const [was, now] = [header(from, before), header(to, column)];
    if (was !== now) changes.push(`List column ${was}: now headed ${now}`);
    for (const key of [...new Set([...Object.keys(before.entry), ...Object.keys(column.entry)])].filter(
      (key) => key !== 'field' && key !== 'header' && !same(before.entry[key], column.entry[key]),
    )) {
      const value = (entry: Json) => (entry[key] === undefined ? (key === 'cell' ? 'text' : 'none') : valueWords(entry[key]));
      changes.push(`List column ${now}: ${key} ${value(column.entry)} (was ${value(before.entry)})`);
    }
  }
  for (const move of movedItems(
    columnsA.map((column) => column.id),
    columnsB.map((column) => column.id),
  )) {
    changes.push(
      `List column ${headerOf(to, columnsB, move.item)}: ${move.before ? `moved before ${headerOf(to, columnsB, move.before)}` : move.after ? `moved after ${headerOf(to, columnsB, move.after)}` : 'moved'}`,
    );
  }

  // ---- list filters, by parameter ----
  const [filtersA, filtersB] = [entriesOf(from, ['list', 'filters'], 'param'), entriesOf(to, ['list', 'filters'], 'param')];
  const filterLabel = (side: Side, filter: { id: string; entry: Json }) => label(side, filter.entry.label, filter.id);
  for (const filter of filtersB.filter((filter) => !filtersA.some((other) => other.id === filter.id))) changes.push(`New filter: ${filterLabel(to, filter)}`);
  for (const filter of filtersA.filter((filter) => !filtersB.some((other) => other.id === filter.id)))
    changes.push(`Filter removed: ${filterLabel(from, filter)}`);
  for (const filter of filtersB) {
    const before = filtersA.find((other) => other.id === filter.id);
    if (!before) continue;
    const [was, now] = [filterLabel(from, before), filterLabel(to, filter)];
    if (was !== now) changes.push(`Filter ${was}: now labelled ${now}`);
    const widget = (entry: Json) => FILTER_WIDGET_WORDS[String(entry.widget)] ?? valueWords(entry.widget);
    if (!same(before.entry.widget, filter.entry.widget)) changes.push(`Filter ${now}: shown as ${widget(filter.entry)} (was ${widget(before.entry)})`);
    if (!same(before.entry.options, filter.entry.options)) changes.push(`Filter ${now}: where its choices come from changed`);
    if (Boolean(before.entry.more) !== Boolean(filter.entry.more))
      changes.push(`Filter ${now}: ${filter.entry.more ? 'behind More filters' : 'always in view'}`);
  }
  for (const move of movedItems(
    filtersA.map((filter) => filter.id),
    filtersB.map((filter) => filter.id),
  )) {
    const named = (id: string) =>
      filterLabel(
        to,
        filtersB.find((filter) => filter.id === id)!,
      );
    changes.push(
      `Filter ${named(move.item)}: ${move.before ? `moved before ${named(move.before)}` : move.after ? `moved after ${named(move.after)}` : 'moved'}`,
    );
  }

  // ---- form fields, by name ----
  const form = (side: Side) => (isObject(side.definition.form) ? side.definition.form : {});
  const [schemaA, schemaB] = [form(from).schema, form(to).schema].map((schema) => (isObject(schema) ? schema : {})) as [Json, Json];
  const [uiA, uiB] = [form(from).uiSchema, form(to).uiSchema].map((ui) => (isObject(ui) ? ui : {})) as [Json, Json];
  const fieldUi = (ui: Json, field: string) => (isObject(ui[field]) ? ui[field] : {});
  const fieldLabel = (side: Side, schema: Json, ui: Json, field: string) =>
    label(side, fieldUi(ui, field)['ui:title'] ?? fieldSchema(schema, field).title, field);
  const [orderA, orderB] = [fieldOrder(schemaA, uiA), fieldOrder(schemaB, uiB)];
  for (const field of orderB.filter((field) => !orderA.includes(field))) changes.push(`New form field: ${fieldLabel(to, schemaB, uiB, field)}`);
  for (const field of orderA.filter((field) => !orderB.includes(field))) changes.push(`Form field removed: ${fieldLabel(from, schemaA, uiA, field)}`);
  const required = (schema: Json) => new Set(Array.isArray(schema.required) ? (schema.required as unknown[]) : []);
  const [requiredA, requiredB] = [required(schemaA), required(schemaB)];
  const [tabsA, tabsB] = [tabsOf(uiA), tabsOf(uiB)];
  const tabName = (side: Side, place: TabPlace | undefined) => (place ? place.keys.map((key) => label(side, key, key)).join(' › ') : undefined);
  const kept = orderB.filter((field) => orderA.includes(field));
  const tabMoved = new Set<string>();
  for (const field of kept) {
    const [a, b] = [fieldSchema(schemaA, field), fieldSchema(schemaB, field)];
    const [was, now] = [fieldLabel(from, schemaA, uiA, field), fieldLabel(to, schemaB, uiB, field)];
    if (was !== now) changes.push(`${was}: now labelled ${now}`);
    for (const keyword of RULES) {
      if (same(a[keyword], b[keyword])) continue;
      // `Name: at most 40 characters (was 255)`; a rule dropped says what it was in full.
      const before =
        b[keyword] === undefined
          ? keyword === 'pattern'
            ? `the pattern ${valueWords(a[keyword])}`
            : ruleWords(keyword, a[keyword])
          : a[keyword] === undefined
            ? keyword === 'pattern'
              ? 'any text'
              : 'no limit'
            : keyword === 'pattern'
              ? `the pattern ${valueWords(a[keyword])}`
              : valueWords(a[keyword]);
      changes.push(`${now}: ${ruleWords(keyword, b[keyword])} (was ${before})`);
    }
    for (const [keyword, words] of Object.entries(VALUE_KEYWORDS)) {
      if (!same(a[keyword], b[keyword]))
        changes.push(
          `${now}: ${words} ${b[keyword] === undefined ? 'none' : valueWords(b[keyword])} (was ${a[keyword] === undefined ? 'none' : valueWords(a[keyword])})`,
        );
    }
    if (Boolean(a.readOnly) !== Boolean(b.readOnly)) changes.push(`${now}: ${b.readOnly ? 'now read-only' : 'no longer read-only'}`);
    if (requiredA.has(field) !== requiredB.has(field)) changes.push(`${now}: ${requiredB.has(field) ? 'now required' : 'no longer required'}`);
    const [fieldUiA, fieldUiB] = [fieldUi(uiA, field), fieldUi(uiB, field)];
    const [helpA, helpB] = [text(from, fieldUiA['ui:help']), text(to, fieldUiB['ui:help'])];
    if (helpA !== helpB)
      changes.push(`${now}: ${helpB === undefined ? 'no help text' : `help text “${helpB}”`} (was ${helpA === undefined ? 'none' : `“${helpA}”`})`);
    const widget = (ui: Json) => valueWords(ui['ui:widget'] ?? ui['ui:field'] ?? 'the default for its type');
    if (widget(fieldUiA) !== widget(fieldUiB)) changes.push(`${now}: shown with ${widget(fieldUiB)} (was ${widget(fieldUiA)})`);
    else if (!same(fieldUiA['ui:options'], fieldUiB['ui:options'])) changes.push(`${now}: options of its widget changed`);
    const [tabA, tabB] = [tabsA.get(field), tabsB.get(field)];
    if (!same(tabA?.keys, tabB?.keys) && tabB) {
      tabMoved.add(field);
      changes.push(`${now}: moved ${tabA ? `from tab ${tabName(from, tabA)} ` : ''}to tab ${tabName(to, tabB)}`);
    }
    // What else its schema or display says: named, the JSON diff shows how.
    const handled = ['title', 'readOnly', ...RULES, ...Object.keys(VALUE_KEYWORDS)];
    const otherUi = ['ui:title', 'ui:help', 'ui:widget', 'ui:field', 'ui:options'];
    if (!same(without(a, handled), without(b, handled)) || !same(without(fieldUiA, otherUi), without(fieldUiB, otherUi)))
      changes.push(`${now}: other settings changed`);
  }
  // A field moved inside its tab (or the form without tabs): before the field that now follows it there.
  const stay = (order: string[]) => order.filter((field) => kept.includes(field) && !tabMoved.has(field));
  const inTab = (field: string) => JSON.stringify(tabsB.get(field)?.keys ?? null);
  for (const tab of new Set(stay(orderB).map(inTab))) {
    const named = (field: string) => fieldLabel(to, schemaB, uiB, field);
    const ofTab = (order: string[]) => stay(order).filter((field) => inTab(field) === tab);
    for (const move of movedItems(ofTab(orderA), ofTab(orderB)))
      changes.push(`${named(move.item)}: ${move.before ? `moved before ${named(move.before)}` : move.after ? `moved after ${named(move.after)}` : 'moved'}`);
  }
  // A tab relabelled (the same tab: the same fields' tab, by its key).
  const tabKeys = (ui: Json) => [...new Set([...tabsOf(ui).values()].flatMap((place) => place.keys))];
  for (const key of tabKeys(uiB).filter((key) => tabKeys(uiA).includes(key))) {
    const [was, now] = [label(from, key, key), label(to, key, key)];
    if (was !== now) changes.push(`Tab ${was}: now labelled ${now}`);
  }

  // ---- the screen's other texts, where they show ----
  for (const { path, place } of TEXT_PLACES) {
    const [was, now] = [text(from, at(from.definition, path)), text(to, at(to.definition, path))];
    if (was !== now) changes.push(`${place}: ${now ?? 'none'} (was ${was ?? 'none'})`);
  }
  const changedParts = OTHER_PARTS.filter(({ path, skip }) => !same(without(at(from.definition, path), skip), without(at(to.definition, path), skip))).map(
    (part) => part.name,
  );
  if (changedParts.length) changes.push(`Also changed: ${changedParts.join(', ')}`);

  const json = createTwoFilesPatch(
    'from',
    'to',
    `${JSON.stringify({ definition: from.definition, labels: from.labels }, null, 2)}\n`,
    `${JSON.stringify({ definition: to.definition, labels: to.labels }, null, 2)}\n`,
  );
  return { changes, json };
}
