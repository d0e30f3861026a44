import type { ListFilter } from '../../../../common/screenDefinition';

export { choosableColumns, choosableKeys, shownColumns, type ChoosableColumn } from '../../../../common/viewColumns';

/** The address parameter of the chosen columns (keys joined by commas); the list's API never sees it. */
export const COLUMNS_PARAM = 'columns';
/** The address parameter of the view the list was opened from (its id): once the list is changed, 'Update' keeps the change in it. */
export const VIEW_PARAM = 'view';
/** The address parameter of the search box (the API's own parameter is the screen's `search.param`). */
const SEARCH_PARAM = 'q';
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
