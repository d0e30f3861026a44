import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { ScreenDefinition } from '../../../common/screenDefinition.js';
import { humanize, type FieldErrors } from '../../../common/validation.js';
import { isPositionParam, POSITION_PARAMS } from '../../../common/listPosition.js';
import { choosableColumns, choosableKeys, columnKey, fieldHeader } from '../../../common/viewColumns.js';
import { englishText } from '../../definitions/englishLabels.js';
import { normaliseQuery, unknownParameterMessage } from '../../http/listQuery.js';
import { parseQueryIntegers } from '../../http/strictIntegers.js';
import type { ListContract } from '../listContracts.js';

/** A view's query as kept and as the list's address says it: each parameter a string, or strings for a repeated one. */
export type ViewQuery = Record<string, string | string[]>;

/** What a view kept that its list no longer takes: the parameter or column, and why in staff's words. */
export interface DroppedPart {
  kind: 'filter' | 'column';
  name: string;
  message: string;
}

/**
 * What a view of one list may hold, as the list is today: the parameters its route accepts, less
 * the declared filters its screen no longer shows (a filter taken off the screen is off its views
 * too), and the columns: the screen's own and those it offers (`list.columnChoices`), by
 * `columnKey` or by the field of one shown through a cell.
 */
export interface ViewTarget {
  properties: Readonly<Record<string, object>>;
  columns: ReadonlySet<string>;
  validate: ValidateFunction;
  /** How staff know a parameter or a column (its label on the screen, or on the built-in one for a part taken off since). */
  nameOf(kind: 'filter' | 'column', key: string): string;
}

// Coerced as the list routes' querystring is (Fastify's defaults): a single value where a list is taken.
const VIEW_QUERY_OPTIONS = { allErrors: true, coerceTypes: 'array', strict: false } as const;
/** The query validators of the lists' targets as the screens in use show them: the most recently used, a screen's publishes bring new ones. */
const validators = new Map<string, ValidateFunction>();
const VALIDATORS_KEPT = 64;

/**
 * The target of a list's views, from its contract and the screen in use (`builtIn`: its file, whose labels name a part taken off since);
 * `everyFilter`: every filter the list declares, shown on its screen or not (a role's row condition).
 */
export function viewTarget(contract: ListContract, screen: ScreenDefinition | undefined, builtIn?: ScreenDefinition, { everyFilter = false } = {}): ViewTarget {
  const shown = new Set([screen?.list?.search?.param, ...(screen?.list?.filters ?? []).map((filter) => filter.param)]);
  const properties = Object.fromEntries(
    Object.entries(contract.query.properties).filter(
      ([param]) => !isPositionParam(param) && (everyFilter || !contract.filters.includes(param) || shown.has(param)),
    ),
  );
  const schema = { type: 'object', properties };
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (validate) validators.delete(key);
  // An ajv of its own per schema: one shared instance keeps every schema it compiled.
  else validate = new Ajv(VIEW_QUERY_OPTIONS).compile(schema);
  validators.set(key, validate);
  if (validators.size > VALIDATORS_KEPT) validators.delete(validators.keys().next().value!);
  const columns = choosableKeys(choosableColumns(screen?.list?.columns ?? [], screen?.list?.columnChoices));
  const labels = new Map<string, string>();
  for (const definition of [builtIn, screen]) {
    for (const filter of definition?.list?.filters ?? []) labels.set(`filter:${filter.param}`, englishText(filter.label));
    for (const column of [...(definition?.list?.columns ?? []), ...(definition?.list?.columnChoices ?? [])])
      labels.set(`column:${columnKey(column)}`, englishText(column.header));
    if (definition?.list?.search) labels.set(`filter:${definition.list.search.param}`, 'search');
  }
  // A column no screen names any more (a field a view kept when every field was offered): its name in words.
  const nameOf = (kind: 'filter' | 'column', key: string) => labels.get(`${kind}:${key}`) ?? (kind === 'column' ? fieldHeader(key) : key);
  return { properties, columns, validate, nameOf };
}

/** The list parameters that are no filter, as staff know them (a filter is named by its label). */
const PARAMETER_NAMES: Readonly<Record<string, string>> = { perPage: 'page size', sort: 'sort', direction: 'sort direction', lang: 'language' };

/** A parameter as staff know it, to follow 'The' or 'The view’s': '“Status” filter', 'search', 'page size'. */
function parameterNoun(target: ViewTarget, param: string): string {
  const label = target.nameOf('filter', param);
  if (label === 'search') return 'search';
  if (label !== param) return `“${label}” filter`;
  return PARAMETER_NAMES[param] ?? humanize(param);
}

/** 'a, b or c'. */
const alternatives = (values: readonly unknown[]) =>
  values.length < 2 ? values.map(String).join('') : `${values.slice(0, -1).map(String).join(', ')} or ${String(values.at(-1))}`;

/** A value as a refusal quotes it: at most 40 characters. */
const quoted = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;
};

/** A value of the address: a string or a number, or a list of them (a number is written in digits). */
const isAddressValue = (value: unknown) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** What a parameter takes, said after its name, for the first error of its value ('takes whole numbers only'). */
function takes(error: ErrorObject, value: unknown): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const types = [params.type].flat().join(',');
      if (Array.isArray(value) && !types.includes('array')) return 'takes one value, not a list';
      return types.includes('integer') || types.includes('number') ? 'takes whole numbers only' : `does not take ${quoted(value)}`;
    }
    case 'enum':
      return `takes only ${alternatives(params.allowedValues as unknown[])}`;
    case 'minimum':
      return `takes numbers from ${Number(params.limit).toLocaleString('en')}`;
    case 'maximum':
      return `takes numbers up to ${Number(params.limit).toLocaleString('en')}`;
    case 'maxLength':
      return `takes at most ${Number(params.limit).toLocaleString('en')} characters`;
    case 'maxItems':
      return `takes at most ${Number(params.limit).toLocaleString('en')} values`;
    default:
      return `does not take ${quoted(value)}`;
  }
}

/** A problem of one parameter of a view's query: its message, and for a value the list refuses, what the parameter takes. */
interface QueryProblem {
  message: string;
  takes?: string;
}

/**
 * The query's problems, by parameter (see viewQueryProblems), with what a refused value's
 * parameter takes, for the sentences of a view opened without it (`openableView`).
 */
function queryProblems(target: ViewTarget, query: Record<string, unknown>): Map<string, QueryProblem> {
  const accepted = Object.keys(target.properties);
  normaliseQuery(query, new Set([...accepted, ...POSITION_PARAMS]));
  const problems = new Map<string, QueryProblem>();
  const refuse = (param: string, what: string) => problems.set(param, { message: `The ${parameterNoun(target, param)} ${what}.`, takes: what });
  for (const [param, value] of Object.entries(query)) {
    if (isPositionParam(param))
      problems.set(param, { message: `A view keeps the list's search, filters, sort and page size, not the ${param} it is at: leave ${param} out.` });
    else if (!Object.hasOwn(target.properties, param)) problems.set(param, { message: unknownParameterMessage(param, accepted) });
    else if (!(isAddressValue(value) || (Array.isArray(value) && value.every(isAddressValue)))) refuse(param, 'takes a value, or a list of values');
    // A number (JSON's `2` for an id) is the digits the address writes.
    else query[param] = Array.isArray(value) ? value.map(String) : String(value);
  }
  const known = Object.fromEntries(Object.entries(query).filter(([param]) => !problems.has(param)));
  for (const param of Object.keys(parseQueryIntegers(known, target.properties as Parameters<typeof parseQueryIntegers>[1]) ?? {}))
    refuse(param, 'takes whole numbers only');
  const parsed = Object.fromEntries(Object.entries(known).filter(([param]) => !problems.has(param)));
  const values = structuredClone(parsed);
  if (!target.validate(parsed)) {
    for (const error of target.validate.errors ?? []) {
      const [param] = error.instancePath.split('/').filter(Boolean);
      if (param === undefined || problems.has(param)) continue;
      const at = error.instancePath.split('/').filter(Boolean).slice(1);
      refuse(
        param,
        takes(
          error,
          at.reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment], values[param]),
        ),
      );
    }
  }
  return problems;
}

/**
 * The query's problems against what the list's views take, keyed by parameter, each said naming
 * the parameter as staff know it (the filter by its label, 'the page size'), never by an index: a
 * position (`page`, `after`, `before`), one the list does not take, a value its schema refuses
 * ('The “Status” filter takes whole numbers only.'). `query` is brought to the list's own
 * spellings first, in place (`genres[]` is `genres`; an empty value is none; a number, JSON's `2`
 * for an id, is its digits, as the address writes it).
 */
export function viewQueryProblems(target: ViewTarget, query: Record<string, unknown>): FieldErrors {
  return Object.fromEntries([...queryProblems(target, query)].map(([param, problem]) => [param, [problem.message]]));
}

/** The strings of a query as kept: each value as the address writes it. */
export function keptQuery(query: Record<string, unknown>): ViewQuery {
  return Object.fromEntries(Object.entries(query).map(([param, value]) => [param, Array.isArray(value) ? value.map(String) : String(value)]));
}

/** The columns' problems against what the list shows and offers (422 of a save, keyed `columns`). */
export function viewColumnProblems(target: ViewTarget, columns: readonly string[]): string[] {
  const seen = new Set<string>();
  return columns.flatMap((column) => {
    const problem = !target.columns.has(column)
      ? `The column ${column} is not one this list shows or offers with its Columns button.`
      : seen.has(column)
        ? `The column ${column} is listed twice.`
        : undefined;
    seen.add(column);
    return problem ? [problem] : [];
  });
}

/**
 * A kept view as its list can open it today: the parameters and columns the list still takes,
 * and each one left out with the reason (a filter taken off the screen since, a column its rows
 * no longer have). Never a failure: the view opens without them and says so.
 */
export function openableView(target: ViewTarget, query: unknown, columns: unknown): { query: ViewQuery; columns: string[]; dropped: DroppedPart[] } {
  const kept = query && typeof query === 'object' && !Array.isArray(query) ? keptQuery(query as Record<string, unknown>) : {};
  const checked: Record<string, unknown> = structuredClone(kept);
  const problems = queryProblems(target, checked);
  const dropped: DroppedPart[] = [...problems].map(([param, problem]) =>
    problem.takes !== undefined
      ? {
          kind: 'filter',
          name: param,
          message: `The view’s ${parameterNoun(target, param)} no longer takes the value it kept (it ${problem.takes}): the view opens without it.`,
        }
      : { kind: 'filter', name: param, message: `The view’s “${target.nameOf('filter', param)}” filter is no longer on this list: the view opens without it.` },
  );
  const openable = Object.fromEntries(Object.entries(keptQuery(checked)).filter(([param]) => !problems.has(param)));
  const shown = Array.isArray(columns) ? columns.filter((column): column is string => typeof column === 'string') : [];
  for (const column of shown.filter((name) => !target.columns.has(name)))
    dropped.push({
      kind: 'column',
      name: column,
      message: `The column “${target.nameOf('column', column)}” is no longer in this list: the view shows the others.`,
    });
  return { query: openable, columns: shown.filter((name) => target.columns.has(name)), dropped };
}
