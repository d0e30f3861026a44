import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { FIELD_NAMES, WIDGET_NAMES, type FieldName, type WidgetName } from '../../../common/screenDefinition.js';
import { ANY_FIELD_OPTIONS, BUILT_IN_WIDGET_OPTIONS, FIELD_OPTIONS, ROOT_OPTIONS, WIDGET_OPTIONS, type OptionsSchema } from '../../../common/widgetOptions.js';
import { KNOWN_WIDGETS } from './checkNames.js';
import { isObject, listed, type Path, type Report } from './problem.js';
import { shownBy, uiNodes } from './uiNodes.js';

// Not optimised: the code it generates runs once per start on a few options, and Ajv's optimising
// passes took half of the compile (about 60 ms of every start, bench/results.md 'Server start').
const ajv = new Ajv({ allErrors: true, strict: false, code: { optimize: false } });
const compiled = new Map<string, ValidateFunction>();

/** What shows a node, and the options it declares (common/widgetOptions/), or undefined for an unknown name (checkNames reports it). */
function declared(node: Record<string, unknown>): { who: string; file: string; own: OptionsSchema } | undefined {
  const { kind, name } = shownBy(node);
  if (kind === 'field')
    return (FIELD_NAMES as readonly string[]).includes(name) ? { who: `the field ${name}`, file: name, own: FIELD_OPTIONS[name as FieldName] } : undefined;
  if (kind === 'widget') {
    if ((WIDGET_NAMES as readonly string[]).includes(name)) return { who: `the widget ${name}`, file: name, own: WIDGET_OPTIONS[name as WidgetName] };
    return KNOWN_WIDGETS.includes(name) ? { who: `RJSF's widget ${name}`, file: 'builtIn', own: BUILT_IN_WIDGET_OPTIONS } : undefined;
  }
  return { who: 'a field with no widget (RJSF picks its own)', file: 'builtIn', own: BUILT_IN_WIDGET_OPTIONS };
}

/** The validator of one widget's options, plus those any field takes (and the root's tabs). */
function validatorOf(file: string, own: OptionsSchema, root: boolean): ValidateFunction {
  const key = `${file}${root ? ':root' : ''}`;
  let validate = compiled.get(key);
  if (!validate) {
    const properties = { ...ANY_FIELD_OPTIONS.properties, ...(root ? ROOT_OPTIONS.properties : {}), ...own.properties };
    validate = ajv.compile({ type: 'object', additionalProperties: false, required: own.required ?? [], properties });
    compiled.set(key, validate);
  }
  return validate;
}

/** The value at path segments inside `value`. */
const at = (value: unknown, segments: readonly string[]): unknown =>
  segments.reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined), value);

/** The UI schema keys that are no option: what shows the node, its options, its order. */
const DIRECTIVES = new Set(['ui:widget', 'ui:field', 'ui:options', 'ui:order']);

/**
 * Every `ui:options` of a UI schema holds only options its widget or field declares (its schema in
 * common/widgetOptions/, plus those any field takes, plus `tabs` at the root), each of the declared
 * type, and those it needs: an option the code does not read would be ignored. A `ui:<name>` key
 * (`ui:placeholder`, `ui:enumNames`) is the option `<name>` for RJSF (getUiOptions), so it is checked
 * the same way, at its own path; a misspelt one (`ui:widgit`) would be ignored too.
 */
export function checkOptions(uiSchema: unknown, base: Path, report: Report): void {
  for (const { node, path, root } of uiNodes(uiSchema, base)) {
    const options = node['ui:options'];
    const owner = declared(node);
    if (!owner) continue;
    const optionsPath = [...path, 'ui:options'];
    if (options !== undefined && !isObject(options)) {
      report(optionsPath, 'must be an object of options');
      continue;
    }
    const direct = Object.entries(node).filter(([key]) => key.startsWith('ui:') && !DIRECTIVES.has(key));
    if (options === undefined && !direct.length && !owner.own.required?.length) continue;
    const merged = { ...Object.fromEntries(direct.map(([key, value]) => [key.slice(3), value])), ...(options ?? {}) };
    if (options === undefined && owner.own.required?.some((name) => !(name in merged))) {
      report(optionsPath, `is needed by ${owner.who}: give ${listed(owner.own.required)}`);
      continue;
    }
    const validate = validatorOf(owner.file, owner.own, root);
    if (validate(merged)) continue;
    /** Where an option was written: in `ui:options`, or as its own `ui:<name>` key. */
    const whereOf = (name: string): Path => ((isObject(options) && name in options) || !direct.some(([key]) => key === `ui:${name}`) ? optionsPath : path);
    for (const error of validate.errors ?? []) report(...describe(error, merged, whereOf, owner));
  }
}

function describe(
  error: ErrorObject,
  options: Record<string, unknown>,
  whereOf: (option: string) => Path,
  owner: { who: string; file: string; own: OptionsSchema },
): [Path, string] {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  const option = segments[0] ?? (error.keyword === 'additionalProperties' ? String(params.additionalProperty) : '');
  const base = whereOf(option);
  // An option written as `ui:<name>` is reported at that key.
  const written = base[base.length - 1] === 'ui:options' ? segments : [`ui:${segments[0]}`, ...segments.slice(1)];
  const path = [...base, ...(segments.length ? written : [])];
  const file =
    option in owner.own.properties ? owner.file : option in ROOT_OPTIONS.properties ? 'root' : option in ANY_FIELD_OPTIONS.properties ? 'any' : owner.file;
  const source = `common/widgetOptions/${file}.ts`;
  if (error.keyword === 'additionalProperties') {
    const name = String(params.additionalProperty);
    if (segments.length === 0) {
      const key = base[base.length - 1] === 'ui:options' ? name : `ui:${name}`;
      return [
        [...path, key],
        `"${key}" is not an option of ${owner.who}, which would ignore it; it takes ${listed(Object.keys(owner.own.properties))}, or one any field takes (${listed(Object.keys(ANY_FIELD_OPTIONS.properties))})`,
      ];
    }
    return [[...path, name], `"${name}" is not taken here (${source})`];
  }
  if (error.keyword === 'required') {
    const what = segments.length === 0 ? `${owner.who} needs the option "${String(params.missingProperty)}"` : `needs "${String(params.missingProperty)}"`;
    return [path, `${what} (${source})`];
  }
  const value = JSON.stringify(at(options, segments));
  if (error.keyword === 'enum') return [path, `${value} is not one of ${listed((params.allowedValues as unknown[]).map(String))} (${source})`];
  return [path, `${value} ${error.message ?? 'is not valid'} (${source})`];
}
