import { DISPLAY_FIELDS, FIELD_OPTIONS, type FieldName, type ScreenDefinition } from '../../common/screenDefinition.js';
import type { ResourceSurface } from '../resources/declaration.js';
import { recordFields, servedLists, type ServedList } from './servedLists.js';

/** A form file outside the screen definitions that the check also reads (the reading-sheet editor's). */
export interface FormFile {
  /** Path shown in problems, e.g. `schemas/books/readingSheet.ui.json`. */
  file: string;
  /** Its UI schema: every `source` in it is checked. */
  uiSchema: unknown;
  /** The JSON Schema it renders, for the options that need a field's type (`addLabel`). */
  schema?: unknown;
}

/** Widgets whose server search defaults to the `name` parameter (src/widgets/remoteSelect, creatableSelect). */
const SEARCHING_WIDGETS = new Set(['remoteSelect', 'creatableSelect']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
/** A JSON pointer segment. */
const seg = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Everything a screen definition says that the server would otherwise ignore, as a list of
 * problems (`file: /json/pointer message`); empty when the definitions and the server agree:
 * - a list column the list does not return, a filter or search parameter it does not accept, a
 *   `deleteWhen` field its rows do not carry;
 * - a form field the server does not store (a returned read-only field must say `readOnly`; a
 *   file field must be a stored column of the resource);
 * - a `fileUpload` field in a form that is not `multipart`, or `multipart` without one;
 * - an option source (`ui:options.source`, a filter's `options`) whose `api` no route serves,
 *   whose `searchParam` that list does not accept, or whose value, label or parent field its rows
 *   do not carry;
 * - a related table's `rowRoute` that names no route of the screen definitions checked, an
 *   option a field does not take (`FIELD_OPTIONS`: a misspelt or retired option such as `rowLink`),
 *   and an `addLabel` where no add button shows it (on a field that is not a list, or a list shown
 *   by a widget or by a field that does not take it).
 * Run by `npm test` (tests/schemas), `npm run build` (scripts/check-definitions.ts) and at server start.
 */
export function checkDefinitions(
  screens: Iterable<ScreenDefinition>,
  options: { forms?: readonly FormFile[]; resources?: readonly ResourceSurface[] } = {},
): string[] {
  const lists = servedLists(options.resources);
  const all = [...screens];
  const routes = new Set(all.flatMap((screen) => [screen.routes.list.name, ...(screen.routes.form ? [screen.routes.form.name] : [])]));
  const screenApis = new Map(all.map((screen) => [screen.resource, screen.api]));
  const problems: string[] = [];
  for (const screen of all) {
    const file = `schemas/${screen.resource}.screen.json`;
    const report = (pointer: string, message: string) => problems.push(`${file}: ${pointer} ${message}`);
    const served = lists.get(screen.api);
    if (!served?.surface) {
      report('/api', `"${screen.api}" is served by no declared resource (server/resources)`);
      continue;
    }
    checkList(screen, served, report);
    if (screen.form) checkForm(screen, served.surface, report);
    checkUiOptions(screen.form?.uiSchema, '/form/uiSchema', { lists, routes, screenApis }, report);
    if (screen.form) checkAddLabels(screen.form.uiSchema, screen.form.schema, '/form/uiSchema', report);
    (screen.list?.filters ?? []).forEach((filter, index) => {
      if (filter.options?.api) checkSource(filter.options as Json, `/list/filters/${index}/options`, lists, report, false);
    });
  }
  for (const form of options.forms ?? []) {
    const report = (pointer: string, message: string) => problems.push(`${form.file}: ${pointer} ${message}`);
    checkUiOptions(form.uiSchema, '', { lists, routes, screenApis }, report);
    if (form.schema !== undefined) checkAddLabels(form.uiSchema, form.schema, '', report);
  }
  return problems;
}

type Report = (pointer: string, message: string) => void;

function checkList(screen: ScreenDefinition, served: ServedList, report: Report): void {
  const list = screen.list;
  const fields = served.fields.join(', ');
  const params = served.params.join(', ');
  (list?.columns ?? []).forEach((column, index) => {
    if (!served.fields.includes(column.field)) report(`/list/columns/${index}/field`, `"${column.field}" is not returned by GET admin/${screen.api} (its rows carry ${fields})`);
  });
  if (list?.search && !served.params.includes(list.search.param)) {
    report('/list/search/param', `"${list.search.param}" is not accepted by GET admin/${screen.api} (it accepts ${params})`);
  }
  (list?.filters ?? []).forEach((filter, index) => {
    if (!served.params.includes(filter.param)) report(`/list/filters/${index}/param`, `"${filter.param}" is not accepted by GET admin/${screen.api} (it accepts ${params})`);
  });
  const deleteWhen = screen.permissions.deleteWhen;
  if (deleteWhen && !served.fields.includes(deleteWhen)) report('/permissions/deleteWhen', `"${deleteWhen}" is not returned by GET admin/${screen.api} (its rows carry ${fields})`);
}

function checkForm(screen: ScreenDefinition, surface: ResourceSurface, report: Report): void {
  const form = screen.form!;
  const properties = isObject(form.schema.properties) ? form.schema.properties : {};
  const ui = isObject(form.uiSchema) ? form.uiSchema : {};
  const { returned, writable } = recordFields(surface);
  let fileFields = 0;
  for (const [name, property] of Object.entries(properties)) {
    const pointer = `/form/schema/properties/${seg(name)}`;
    const node = isObject(ui[name]) ? ui[name] : {};
    if (DISPLAY_FIELDS.includes(node['ui:field'] as never)) continue;
    if (node['ui:widget'] === 'fileUpload') {
      fileFields++;
      if (typeof surface.fields[name]?.column !== 'string') report(pointer, `is a file field, but ${surface.label} records store no "${name}" column (server/resources)`);
      continue;
    }
    if (writable.includes(name)) continue;
    if (returned.includes(name)) {
      if (!(isObject(property) && property.readOnly === true)) report(pointer, `is not stored by the server (${surface.label} records return it read-only): mark it "readOnly": true`);
      continue;
    }
    report(pointer, `is not stored by the server: ${surface.label} records have no such field (they store ${writable.join(', ')})`);
  }
  if (fileFields > 0 && !form.multipart) report('/form/multipart', 'must be true: the form has file fields');
  if (fileFields === 0 && form.multipart) report('/form/multipart', 'is true, but the form has no file field');
}

/** What the UI options are checked against: the served lists, the screens' route names, each screen's api by resource. */
interface UiOptionsContext {
  lists: Map<string, ServedList>;
  routes: Set<string>;
  screenApis: Map<string, string>;
}

/**
 * Checks every `ui:options.source` and `ui:options.rowRoute` of a UI schema, a record link's
 * `route`, and an embedded screen list's `screen` and the `fixed` parameters it filters on.
 */
function checkUiOptions(uiSchema: unknown, base: string, { lists, routes, screenApis }: UiOptionsContext, report: Report): void {
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${pointer}/${index}`));
    if (!isObject(node)) return;
    const options = node['ui:options'];
    if (isObject(options) && isObject(options.source)) {
      checkSource(options.source, `${pointer}/ui:options/source`, lists, report, SEARCHING_WIDGETS.has(node['ui:widget'] as string));
    }
    const accepted = FIELD_OPTIONS[node['ui:field'] as FieldName];
    if (accepted && isObject(options)) {
      for (const key of Object.keys(options).filter((name) => !accepted.includes(name))) {
        report(`${pointer}/ui:options/${seg(key)}`, `is not an option of ${String(node['ui:field'])} (it takes ${accepted.join(', ')})`);
      }
    }
    for (const key of ['rowRoute', 'route'] as const) {
      if (isObject(options) && options[key] !== undefined && !routes.has(options[key] as string)) {
        report(`${pointer}/ui:options/${key}`, `${JSON.stringify(options[key])} names no route of a screen definition (a "name" of their routes.list or routes.form)`);
      }
    }
    if (node['ui:field'] === 'screenList' && isObject(options)) {
      const api = screenApis.get(options.screen as string);
      if (api === undefined) {
        report(`${pointer}/ui:options/screen`, `${JSON.stringify(options.screen)} names no screen definition (known: ${[...screenApis.keys()].sort().join(', ')})`);
      } else if (isObject(options.fixed)) {
        const params = lists.get(api)?.params ?? [];
        for (const param of Object.keys(options.fixed).filter((name) => !params.includes(name))) {
          report(`${pointer}/ui:options/fixed/${seg(param)}`, `is not accepted by GET admin/${api} (it accepts ${params.join(', ')})`);
        }
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'ui:options') walk(value, `${pointer}/${seg(key)}`);
  };
  walk(uiSchema, base);
}

/**
 * Every `ui:options.addLabel` of a UI schema is shown by an add button: the engine's array template
 * shows it for a list (`type: array`) rendered as items, a field listed in `FIELD_OPTIONS` with it
 * (textBlocks) shows its own. Elsewhere it would be ignored: on a field that is not a list, or a list
 * a widget or another field shows. `schema` is the JSON Schema the UI schema renders (its local
 * `$ref`s followed).
 */
function checkAddLabels(uiSchema: unknown, schema: unknown, base: string, report: Report): void {
  const root = isObject(schema) ? schema : {};
  const resolve = (node: unknown): Json => {
    let current = isObject(node) ? node : {};
    for (let hops = 0; typeof current.$ref === 'string' && current.$ref.startsWith('#/') && hops < 10; hops++) {
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), root) as Json;
      if (!isObject(current)) return {};
    }
    return current;
  };
  const walk = (ui: unknown, node: Json, pointer: string) => {
    if (!isObject(ui)) return;
    const options = ui['ui:options'];
    if (isObject(options) && options.addLabel !== undefined) {
      const field = ui['ui:field'] as FieldName | undefined;
      const types = [node.type].flat();
      const where = `${pointer}/ui:options/addLabel`;
      if (field !== undefined) {
        // A field listed in FIELD_OPTIONS is checked there (textBlocks takes it).
        if (!FIELD_OPTIONS[field]) report(where, `is not shown: the field ${String(field)} shows this list, not the array template`);
      } else if (!types.includes('array')) report(where, 'is not shown: only a list (type "array") has an add button');
      else if (ui['ui:widget'] !== undefined) report(where, `is not shown: the widget ${String(ui['ui:widget'])} shows this list, without an add button`);
    }
    const properties = isObject(node.properties) ? node.properties : {};
    for (const [key, value] of Object.entries(ui)) {
      if (key.startsWith('ui:')) continue;
      if (key === 'items') walk(value, resolve(Array.isArray(node.items) ? {} : node.items), `${pointer}/items`);
      else walk(value, resolve(properties[key]), `${pointer}/${seg(key)}`);
    }
  };
  walk(uiSchema, resolve(root), base);
}

function checkSource(source: Json, pointer: string, lists: Map<string, ServedList>, report: Report, searches: boolean): void {
  if (typeof source.api !== 'string') return;
  const served = lists.get(source.api);
  if (!served) return report(`${pointer}/api`, `"${source.api}" is served by no route (known lists: ${[...lists.keys()].sort().join(', ')})`);
  const searchParam = typeof source.searchParam === 'string' ? source.searchParam : searches ? 'name' : '';
  if (searchParam && !served.params.includes(searchParam)) {
    report(`${pointer}/searchParam`, `"${searchParam}" is not accepted by GET admin/${source.api} (it accepts ${served.params.join(', ') || 'no parameter'})`);
  }
  for (const key of ['valueField', 'labelField', 'parentField'] as const) {
    const field = source[key];
    if (typeof field === 'string' && !served.fields.includes(field)) {
      report(`${pointer}/${key}`, `"${field}" is not returned by GET admin/${source.api} (its rows carry ${served.fields.join(', ')})`);
    }
  }
  // Without a labelField the option shows `name`, else `label` (src/engine/options/useOptions.ts).
  if (source.labelField === undefined && !served.fields.includes('name') && !served.fields.includes('label')) {
    report(`${pointer}/labelField`, `is needed: the rows of GET admin/${source.api} carry neither name nor label (they carry ${served.fields.join(', ')})`);
  }
}

/** Throws one error listing every problem `checkDefinitions` finds (server start, build). */
export function assertDefinitionsHonoured(screens: Iterable<ScreenDefinition>, forms: readonly FormFile[]): void {
  const problems = checkDefinitions(screens, { forms });
  if (problems.length) throw new Error(`Screen definitions the server would not honour:\n${problems.join('\n')}`);
}
