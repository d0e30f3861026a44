/** The one factory of react-query keys: every cache entry is named here. */
export const queryKeys = {
  me: ['me'] as const,
  resource: (api: string) => ['resource', api] as const,
  list: (api: string, params: Record<string, unknown>) => ['resource', api, 'list', params] as const,
  record: (api: string, id: string | number) => ['resource', api, 'record', String(id)] as const,
  options: (api: string, params: Record<string, unknown>) => ['resource', api, 'options', params] as const,
  lookup: (name: string) => ['lookup', name] as const,
};
