import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OptionSource } from '../../../common/screenDefinition';
import { call } from '../api/apiClient';
import { queryKeys } from '../api/queryKeys';
import { resourceApi, type ApiRecord } from '../api/resourceApi';

/** One choice of a select, tree or filter. */
export interface Option {
  value: string | number;
  label: string;
  parent?: string | number | null;
}

/** Reference lists answered as `{ data: [...] }` instead of a paged list. */
export const isUtility = (api: string) => api.startsWith('utilities/');

/** The option of a row of `source` (its `valueField` and `labelField`). */
export function optionOf(row: ApiRecord, source: OptionSource): Option {
  const value = row[source.valueField ?? 'id'] as string | number;
  const label = String(row[source.labelField ?? 'name'] ?? row.label ?? value);
  return source.parentField ? { value, label, parent: (row[source.parentField] as number | null) ?? null } : { value, label };
}

/**
 * The rows of an API option source as the server sends them (cached, shared with `useOptions`):
 * for a select that needs more than value and label (a status's `requires_commentary`).
 * `extra` adds query parameters (`{ ids: [5] }`); `enabled: false` waits.
 */
export function useOptionRows(
  source: OptionSource | undefined,
  search = '',
  { extra = {}, enabled = true }: { extra?: Record<string, unknown>; enabled?: boolean } = {},
): { rows: ApiRecord[]; loading: boolean } {
  const api = source?.api;
  const params = { perPage: source?.perPage ?? 300, ...(search && source?.searchParam ? { [source.searchParam]: search } : {}), ...extra };
  const query = useQuery({
    queryKey: queryKeys.options(api ?? '', params),
    enabled: Boolean(api) && enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      if (isUtility(api!)) return (await call<{ data: ApiRecord[] }>('get', api!, { signal })).data;
      return (await resourceApi.list(api!, params, signal)).data;
    },
  });
  return { rows: query.data ?? [], loading: query.isLoading };
}

/**
 * The options of rows of `source`, their labels translated when the source says `labelKeys` (a
 * label with a key under that prefix shows its text, any other as the server sends it).
 */
export function useOptionsOf(source: OptionSource | undefined): (rows: readonly ApiRecord[]) => Option[] {
  const { t, i18n } = useTranslation();
  return (rows) =>
    rows.map((row) => {
      const option = optionOf(row, source!);
      const key = source?.labelKeys ? `${source.labelKeys}.${option.label}` : undefined;
      return key && i18n.exists(key) ? { ...option, label: t(key) } : option;
    });
}

/** Options of a select or filter from its source: a fixed list, or an API list (cached). */
export function useOptions(source: OptionSource | undefined, search = ''): { options: Option[]; loading: boolean } {
  const { t } = useTranslation();
  const { rows, loading } = useOptionRows(source?.static ? undefined : source, search);
  const toOptions = useOptionsOf(source);
  if (source?.static) return { options: source.static.map((o) => ({ value: o.value, label: t(o.label) })), loading: false };
  return { options: toOptions(rows), loading };
}
