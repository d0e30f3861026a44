/** Fills a route pattern (`/genre/:id?`) with an id, or drops the optional segment to create. */
export function formPath(pattern: string, id?: string | number): string {
  return pattern.replace(/\/:id\??/, id === undefined ? '' : `/${encodeURIComponent(String(id))}`);
}
