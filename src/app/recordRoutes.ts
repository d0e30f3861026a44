import { matchPath } from 'react-router-dom';
import { routeRecordId } from '../engine/resource/paths';
import { screenManifest } from '../engine/resource/definitions';
import { BESPOKE_FORMS } from './bespokeForms';

/** An edit route (`…/:id?`, relative to the root) and the API of the record it opens. */
interface RecordRoute {
  path: string;
  api: string;
  /** Query parameters the page reads its record with (a bespoke screen's `recordParams`). */
  params?: Record<string, unknown> | undefined;
}

/** Every edit route: the form page of each screen definition that has one. */
const RECORD_ROUTES: readonly RecordRoute[] = screenManifest.flatMap((screen) =>
  screen.routes.form && screen.form
    ? [{ path: screen.routes.form.path.slice(1), api: screen.api, params: screen.form.bespoke ? BESPOKE_FORMS[screen.resource]?.recordParams : undefined }]
    : [],
);

/**
 * The record an edit page opens (`/reading-sheet/41` → books 41, `/reporter/4` → reporters 4 with
 * `{ lang: 'en' }`), or undefined on any other page and on a create page.
 */
export function recordOfPath(pathname: string): { api: string; id: string; params?: Record<string, unknown> } | undefined {
  for (const route of RECORD_ROUTES) {
    const id = routeRecordId(matchPath(route.path, pathname)?.params.id);
    if (id !== undefined) return route.params ? { api: route.api, id, params: route.params } : { api: route.api, id };
  }
  return undefined;
}

/**
 * The edit page of a record (`books` 41 → `/reading-sheet/41`, `genres` 12 → `/genre/12`), or
 * undefined for a resource without one (the activity's links).
 */
export function recordPathOf(api: string, id: string | number): string | undefined {
  const route = RECORD_ROUTES.find((candidate) => candidate.api === api);
  return route ? `/${route.path.replace(/:id\??/, encodeURIComponent(String(id)))}` : undefined;
}
