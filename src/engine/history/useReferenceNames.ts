import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OptionSource } from '../../../common/screenDefinition';
import { recordQuery } from '../api/recordQuery';
import { isUtility, useOptionRows, useOptionsOf } from '../options/useOptions';

/** An id as a picker holds it. */
export type ReferenceId = string | number;

/** The names of ids of a picker's source, and whether some are still being read. */
export interface ReferenceNames {
  /** The name of an id as the picker shows it, `#id` for an id its source does not know (deleted since). */
  nameOf(id: ReferenceId): string;
  loading: boolean;
}

/**
 * The names of some ids of a picker's `source`, looked up as the engine's pickers do: a fixed
 * list's labels; an API list's first page (the cache the pickers share), then the ids it lacks,
 * asked through the source's `idsParam` or one by one as records (`{api}/{id}`; a reference list
 * `utilities/…` is whole at once). Labels follow the source's `labelKeys`.
 */
export function useReferenceNames(source: OptionSource | undefined, ids: readonly ReferenceId[]): ReferenceNames {
  const { t } = useTranslation();
  const fixed = source?.static;
  const api = fixed ? undefined : source?.api;
  const toOptions = useOptionsOf(source);
  const page = useOptionRows(api ? source : undefined);
  const known = new Map<string, string>();
  for (const option of fixed ?? []) known.set(String(option.value), t(option.label));
  for (const option of toOptions(page.rows)) known.set(String(option.value), option.label);
  const missing = api && !page.loading ? ids.filter((id) => !known.has(String(id))) : [];
  const byIds = useOptionRows(source?.idsParam ? { ...source, perPage: Math.max(missing.length, 1) } : undefined, '', {
    extra: source?.idsParam ? { [source.idsParam]: missing } : {},
    enabled: missing.length > 0,
  });
  const one = source?.idsParam || !api || isUtility(api) ? [] : missing;
  const records = useQueries({ queries: one.map((id) => ({ ...recordQuery(api!, String(id)), staleTime: 60_000, retry: false })) });
  for (const option of toOptions([...byIds.rows, ...records.flatMap((record) => (record.data ? [record.data] : []))]))
    known.set(String(option.value), option.label);
  return {
    nameOf: (id) => known.get(String(id)) ?? `#${id}`,
    loading: page.loading || byIds.loading || records.some((record) => record.isLoading),
  };
}
