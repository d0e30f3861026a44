import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { OptionSource } from '../../../common/screenDefinition';
import { queryKeys } from '../api/queryKeys';
import { resourceApi } from '../api/resourceApi';
import { useOptions, type Option } from './useOptions';

const SEARCH_DELAY_MS = 300;

/**
 * Choices of a select over a large list searched on the server: `source.perPage` items (10 by
 * default, `searchPerPage` while searching), a search sent 300 ms after typing stops, and the
 * current value always among the choices (fetched by id once the first page shows it is missing).
 */
export function useRemoteChoices(declared: OptionSource, value: unknown, searchPerPage?: number) {
  const source: OptionSource = { perPage: 10, searchParam: 'name', ...declared };
  const [filter, setFilter] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(filter), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filter]);
  const { options: loaded, loading } = useOptions(search && searchPerPage ? { ...source, perPage: searchPerPage } : source, search);
  const hasValue = value !== null && value !== undefined && value !== '';
  const missing = hasValue && !loading && !loaded.some((o) => String(o.value) === String(value));
  const current = useQuery({
    queryKey: queryKeys.record(source.api!, String(value)),
    queryFn: ({ signal }) => resourceApi.get(source.api!, value as number, signal),
    enabled: missing && Boolean(source.api),
    staleTime: 60_000,
  });
  const choices = useMemo<Option[]>(() => {
    if (!missing || !current.data) return loaded;
    const label = String(current.data[source.labelField ?? 'name'] ?? value);
    return [{ value: current.data[source.valueField ?? 'id'] as number, label }, ...loaded];
  }, [loaded, missing, current.data, source.labelField, source.valueField, value]);
  return { source, choices, loading, hasValue, setFilter };
}
