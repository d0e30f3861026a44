import { createTwoFilesPatch } from 'diff';
import type { Messages } from '../../common/i18nResources.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The keywords of a form field whose change staff read as a rule or a label change. */
const FIELD_KEYWORDS = ['title', 'type', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'default', 'enum', 'readOnly'] as const;

interface Side {
  definition: Json;
  labels: Messages;
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
  // `names.maxLength`: a translatable field's rule is the one of its languages.
  return isObject(field.translations) ? { ...follow(field.translations), title: field.title } : field;
}

/** Each form field's tab (`ui:options.tabs[].fields`, sub-tabs included), by field. */
function tabsOf(uiSchema: unknown): Map<string, string> {
  const tabs = isObject(uiSchema) && isObject(uiSchema['ui:options']) && Array.isArray(uiSchema['ui:options'].tabs) ? uiSchema['ui:options'].tabs : [];
  const byField = new Map<string, string>();
  const walk = (list: unknown[], prefix: string) => {
    for (const tab of list) {
      if (!isObject(tab)) continue;
      const label = `${prefix}${String(tab.label ?? '')}`;
      for (const field of Array.isArray(tab.fields) ? tab.fields : []) byField.set(String(field), label);
      if (Array.isArray(tab.tabs)) walk(tab.tabs, `${label} › `);
    }
  };
  walk(tabs, '');
  return byField;
}

function flatLabels(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages ?? {})) {
    if (typeof value === 'string') flat.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatLabels(value, `${prefix}${key}.`)) flat.set(inner, text);
  }
  return flat;
}

/**
 * What changed between two versions of a screen, as staff read it (`column added: website`,
 * `names.maxLength 100 → 60`, `field moved: email → tab Contact`, `color widget: color → text`,
 * `label title: "Genres" → "Kinds"`), and the JSON diff of the two definitions.
 */
export function screenDiff(from: Side, to: Side): { changes: string[]; json: string } {
  const changes: string[] = [];
  // A draft is stored unchecked: any entry may be no object.
  const columns = (side: Side) => (isObject(side.definition.list) && Array.isArray(side.definition.list.columns) ? (side.definition.list.columns as unknown[]) : []).map((column) => String(isObject(column) ? column.field : column));
  const [before, after] = [columns(from), columns(to)];
  for (const field of after.filter((field) => !before.includes(field))) changes.push(`column added: ${field}`);
  for (const field of before.filter((field) => !after.includes(field))) changes.push(`column removed: ${field}`);
  const kept = after.filter((field) => before.includes(field));
  if (kept.join() !== before.filter((field) => after.includes(field)).join()) changes.push(`columns reordered: ${after.join(', ')}`);
  // A kept column's other settings (header, cell, width…), each as `column id: width 6rem → 4rem`.
  const columnOf = (side: Side, field: string) => ((isObject(side.definition.list) && Array.isArray(side.definition.list.columns) ? (side.definition.list.columns as unknown[]) : []).find((column) => isObject(column) && column.field === field) ?? {}) as Json;
  for (const field of kept) {
    const [a, b] = [columnOf(from, field), columnOf(to, field)];
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => key !== 'field' && JSON.stringify(a[key]) !== JSON.stringify(b[key]))) {
      changes.push(`column ${field}: ${key} ${a[key] === undefined ? '(none)' : JSON.stringify(a[key])} → ${b[key] === undefined ? '(none)' : JSON.stringify(b[key])}`);
    }
  }

  const filters = (side: Side) => (isObject(side.definition.list) && Array.isArray(side.definition.list.filters) ? (side.definition.list.filters as unknown[]) : []).map((filter) => String(isObject(filter) ? filter.param : filter));
  for (const param of filters(to).filter((param) => !filters(from).includes(param))) changes.push(`filter added: ${param}`);
  for (const param of filters(from).filter((param) => !filters(to).includes(param))) changes.push(`filter removed: ${param}`);

  const form = (side: Side) => (isObject(side.definition.form) ? side.definition.form : {});
  const [schemaA, schemaB] = [form(from).schema, form(to).schema].map((schema) => (isObject(schema) ? schema : {})) as [Json, Json];
  const [uiA, uiB] = [form(from).uiSchema, form(to).uiSchema].map((ui) => (isObject(ui) ? ui : {})) as [Json, Json];
  const fields = (schema: Json) => Object.keys(isObject(schema.properties) ? schema.properties : {});
  for (const field of fields(schemaB).filter((field) => !fields(schemaA).includes(field))) changes.push(`field added: ${field}`);
  for (const field of fields(schemaA).filter((field) => !fields(schemaB).includes(field))) changes.push(`field removed: ${field}`);
  const required = (schema: Json) => new Set(Array.isArray(schema.required) ? (schema.required as unknown[]) : []);
  const [requiredA, requiredB] = [required(schemaA), required(schemaB)];
  const [tabsA, tabsB] = [tabsOf(uiA), tabsOf(uiB)];
  for (const field of fields(schemaB).filter((field) => fields(schemaA).includes(field))) {
    const [a, b] = [fieldSchema(schemaA, field), fieldSchema(schemaB, field)];
    for (const keyword of FIELD_KEYWORDS) {
      if (JSON.stringify(a[keyword]) !== JSON.stringify(b[keyword])) changes.push(`${field}.${keyword} ${a[keyword] === undefined ? '(none)' : text(a[keyword])} → ${b[keyword] === undefined ? '(none)' : text(b[keyword])}`);
    }
    if (requiredA.has(field) !== requiredB.has(field)) changes.push(`${field} ${requiredB.has(field) ? 'now required' : 'no longer required'}`);
    const widget = (ui: Json) => (isObject(ui[field]) ? ((ui[field] as Json)['ui:widget'] ?? (ui[field] as Json)['ui:field'] ?? 'default') : 'default');
    if (widget(uiA) !== widget(uiB)) changes.push(`${field} widget: ${text(widget(uiA))} → ${text(widget(uiB))}`);
    const options = (ui: Json) => JSON.stringify(isObject(ui[field]) ? (ui[field] as Json)['ui:options'] : undefined);
    if (options(uiA) !== options(uiB)) changes.push(`${field} options changed`);
    if (tabsA.get(field) !== tabsB.get(field) && tabsB.has(field)) changes.push(`field moved: ${field} → tab ${tabsB.get(field)}`);
  }
  if (JSON.stringify(uiA['ui:order']) !== JSON.stringify(uiB['ui:order'])) changes.push(`field order: ${(Array.isArray(uiB['ui:order']) ? (uiB['ui:order'] as unknown[]) : []).map(text).join(', ')}`);

  const [labelsA, labelsB] = [flatLabels(from.labels), flatLabels(to.labels)];
  for (const key of new Set([...labelsA.keys(), ...labelsB.keys()])) {
    if (labelsA.get(key) !== labelsB.get(key)) changes.push(`label ${key}: ${labelsA.has(key) ? text(labelsA.get(key)) : '(none)'} → ${labelsB.has(key) ? text(labelsB.get(key)) : '(none)'}`);
  }

  const json = createTwoFilesPatch('from', 'to', `${JSON.stringify({ definition: from.definition, labels: from.labels }, null, 2)}\n`, `${JSON.stringify({ definition: to.definition, labels: to.labels }, null, 2)}\n`);
  return { changes, json };
}
