/** The one factory of react-query keys: every cache entry is named here. */
export const queryKeys = {
  me: ['me'] as const,
  resource: (api: string) => ['resource', api] as const,
  list: (api: string, params: Record<string, unknown>) => ['resource', api, 'list', params] as const,
  lists: (api: string) => ['resource', api, 'list'] as const,
  /** One record; `params` (a record read in one language: `{ lang: 'fr' }`) name another copy of it. */
  record: (api: string, id: string | number, params?: Record<string, unknown>) =>
    params ? (['resource', api, 'record', String(id), params] as const) : (['resource', api, 'record', String(id)] as const),
  /** Everything a record's page loads beside the record itself (the prefix of `related`). */
  relatedOf: (api: string, id: string | number) => ['resource', api, 'related', String(id)] as const,
  /** One part a record's page loads beside the record (a user's libraries, credit history…). */
  related: (api: string, id: string | number, part: string, params: Record<string, unknown> = {}) =>
    ['resource', api, 'related', String(id), part, params] as const,
  /**
   * A record's history (its revisions, page after page), kept under its resource: a save or a
   * restore, which refresh the resource's entries, refresh it too.
   */
  history: (api: string, id: string | number) => ['resource', api, 'history', String(id)] as const,
  options: (api: string, params: Record<string, unknown>) => ['resource', api, 'options', params] as const,
  lookup: (name: string) => ['lookup', name] as const,
  /** A bulk action running in the background (`GET admin/bulk-jobs/{id}`). */
  bulkJob: (id: number) => ['bulkJob', id] as const,
  /** One part of the dashboard (its data, a chart's series, the users of a saved search). */
  dashboard: (part: string, params: Record<string, unknown> = {}) => ['dashboard', part, params] as const,
  /** The saved views of one list (its screen's resource name), the reader's and the shared ones. */
  views: (screen: string) => ['views', screen] as const,
  /** The screen studio: every screen (`screens('list')`), one screen, its versions, catalog, diffs; a version's labels (`screens('version', { name, version })`). */
  screens: (part: string, params: Record<string, unknown> = {}) => ['screens', part, params] as const,
};
