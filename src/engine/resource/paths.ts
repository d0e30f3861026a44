/** Fills a route pattern (`/genre/:id?`) with an id, or drops the optional segment to create. */
export function formPath(pattern: string, id?: string | number): string {
  return pattern.replace(/\/:id\??/, id === undefined ? '' : `/${encodeURIComponent(String(id))}`);
}

/** The route id of a create page whose form path without an id is the list path itself. */
export const NEW_ID = 'new';

/**
 * The create page of a screen: its form path without an id (`/new`, `/genre`), or, when that is the
 * list path (`/literary-prize` and `/literary-prize/:id?`), the form path with the id `new`.
 */
export function createPath(formPattern: string, listPath: string): string {
  const path = formPath(formPattern);
  return path === listPath ? formPath(formPattern, NEW_ID) : path;
}

/** The record id of a form route: undefined on a create page (no id, or `new`). */
export const routeRecordId = (id: string | undefined): string | undefined => (id === NEW_ID ? undefined : id);
