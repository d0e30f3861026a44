import { matchPath } from 'react-router-dom';
import { routeRecordId } from '../engine/resource/paths';
import { screens } from '../engine/resource/definitions';
import { SHEET_API, SHEET_ROUTE_PATH } from '../screens/readingSheet/sheetRoute';

/** An edit route (`…/:id?`, relative to the root) and the API of the record it opens. */
export interface RecordRoute {
  path: string;
  api: string;
}

/** Every edit route: the reading-sheet editor and the form page of each screen definition that has one. */
export const RECORD_ROUTES: readonly RecordRoute[] = [
  { path: SHEET_ROUTE_PATH, api: SHEET_API },
  ...screens.flatMap((screen) => (screen.routes.form && screen.form ? [{ path: screen.routes.form.path.slice(1), api: screen.api }] : [])),
];

/** The record an edit page opens (`/reading-sheet/41` → books 41), or undefined on any other page and on a create page. */
export function recordOfPath(pathname: string): { api: string; id: string } | undefined {
  for (const route of RECORD_ROUTES) {
    const id = routeRecordId(matchPath(route.path, pathname)?.params.id);
    if (id !== undefined) return { api: route.api, id };
  }
  return undefined;
}
