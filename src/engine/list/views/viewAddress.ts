import type { ListColumn, ListFilter } from '../../../../common/screenDefinition';
import { columnKey } from '../../../../common/viewColumns';

/** The address parameter of the chosen columns (keys joined by commas); the list's API never sees it. */
export const COLUMNS_PARAM = 'columns';
/** The address parameter of the view the list was opened from (its id): once the list is changed, 'Update' keeps the change in it. */
export const VIEW_PARAM = 'view';
/** The address parameter of the search box (the API's own parameter is the screen's `search.param`). */
export const SEARCH_PARAM = 'q';
/** What a view keeps besides the search and the filters: the page size, and the sort where a list has one. */
const KEPT_PARAMS = ['perPage', 'sort', 'direction'] as const;

/** What a list's views are made of: its search parameter and its filters, as its screen declares them. */
export interface ViewShape {
  searchParam?: string | undefined;
  filters?: readonly ListFilter[] | undefined;
}

/** A view's content: the list's API parameters (strings, as an address writes them) and its columns. */
export interface ViewContent {
  query: Record<string, string | string[]>;
  columns: string[];
}

/**
 * The view the address shows: its search under the list's API parameter, its filters, page size
 * and sort, and its chosen columns. Never where the reader is (page, cursors) nor anything the
 * list's views do not take.
 */
export function viewOfAddress(params: URLSearchParams, shape: ViewShape): ViewContent {
  const query: Record<string, string | string[]> = {};
  const search = params.get(SEARCH_PARAM);
  if (shape.searchParam && search) query[shape.searchParam] = search;
  for (const filter of shape.filters ?? []) {
    const values = params.getAll(filter.param).filter((value) => value !== '');
    if (values.length) query[filter.param] = values;
  }
  for (const param of KEPT_PARAMS) {
    const value = params.get(param);
    if (value) query[param] = value;
  }
  return { query, columns: columnsOfAddress(params) };
}

/** The chosen columns of the address, in order; empty for the screen's own. */
export function columnsOfAddress(params: URLSearchParams): string[] {
  return (params.get(COLUMNS_PARAM) ?? '').split(',').filter(Boolean);
}

/** The address that opens a view: which view, its search in the search box's parameter, the rest as the list names it, its columns. */
export function addressOfView(view: ViewContent & { id?: number }, shape: ViewShape): URLSearchParams {
  const params = new URLSearchParams();
  if (view.id !== undefined) params.set(VIEW_PARAM, String(view.id));
  for (const [param, value] of Object.entries(view.query)) {
    const name = param === shape.searchParam ? SEARCH_PARAM : param;
    for (const one of [value].flat()) params.append(name, one);
  }
  if (view.columns.length) params.set(COLUMNS_PARAM, view.columns.join(','));
  return params;
}

/** Whether two views show the same list: the same parameters (in any order) and the same columns. */
export function sameView(a: ViewContent, b: ViewContent): boolean {
  const norm = (query: ViewContent['query']) =>
    JSON.stringify(
      Object.entries(query)
        .map(([param, value]) => [param, [value].flat().sort()] as const)
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return norm(a.query) === norm(b.query) && a.columns.join(',') === b.columns.join(',');
}

/** A column a list may show: the screen's own, or a field its rows have that the screen does not show. */
export interface ChoosableColumn {
  key: string;
  column: ListColumn;
  /** Whether the screen declares it (shown when nothing is chosen). */
  declared: boolean;
}

/**
 * Every column a person may choose, the screen's own first in its order, then each other field
 * the rows have (`fields`, in the order the rows give them), shown as plain text under `header`.
 */
export function choosableColumns(declared: readonly ListColumn[], fields: readonly string[], header: (field: string) => string): ChoosableColumn[] {
  const own = declared.map((column) => ({ key: columnKey(column), column, declared: true }));
  const taken = new Set([...own.map((entry) => entry.key), ...declared.map((column) => column.field)]);
  const others = fields.filter((field) => !taken.has(field)).map((field) => ({ key: field, column: { field, header: header(field) } as ListColumn, declared: false }));
  return [...own, ...others];
}

/** The columns shown: the chosen keys in their order (those the list no longer has left out), else the screen's own. */
export function shownColumns(choosable: readonly ChoosableColumn[], chosen: readonly string[]): ListColumn[] {
  if (!chosen.length) return choosable.filter((entry) => entry.declared).map((entry) => entry.column);
  const byKey = new Map(choosable.map((entry) => [entry.key, entry.column]));
  return chosen.flatMap((key) => {
    const column = byKey.get(key);
    return column ? [column] : [];
  });
}
