import { useQueries } from '@tanstack/react-query';
import { queryKeys } from '../../../engine/api/queryKeys';
import { resourceApi } from '../../../engine/api/resourceApi';
import type { NameRow } from './comparisonSections';
import { normalizeName, splitNames, type NamedRecord } from './transfers';

/** How a draft's name compares with the directory. */
export interface NameMatches {
  /** The directory's records of the names, one per name found. */
  matched: NamedRecord[];
  /** The names the directory does not hold. */
  missing: string[];
  loading: boolean;
}

/**
 * The directory's records named as the draft names them (an author field may name several):
 * searched with the editor's own picker source, matched without case, accents or extra spaces.
 * The AI writes names, the sheet holds ids: only a name the directory holds can be transferred.
 */
export function useNameMatches(row: NameRow, text: string | undefined): NameMatches {
  const { source } = row;
  const names = text ? (row.key === 'authorList' ? splitNames(text) : [text.trim()]) : [];
  const results = useQueries({
    queries: names.map((name) => {
      // One space between words: the directory's search matches the words as one string.
      const params = { perPage: source.perPage ?? 10, ...(source.searchParam ? { [source.searchParam]: name.replace(/\s+/g, ' ') } : {}) };
      return {
        queryKey: queryKeys.options(source.api, params),
        queryFn: async ({ signal }: { signal: AbortSignal }) => (await resourceApi.list(source.api, params, signal)).data,
        staleTime: 60_000,
      };
    }),
  });
  const matched: NamedRecord[] = [];
  const missing: string[] = [];
  names.forEach((name, index) => {
    const rows = results[index]?.data ?? [];
    const found = rows.find((candidate) => normalizeName(String(candidate[source.labelField ?? 'name'] ?? '')) === normalizeName(name));
    if (found) matched.push({ id: Number(found[source.valueField ?? 'id']), name: String(found[source.labelField ?? 'name']) });
    else if (results[index]?.isSuccess) missing.push(name);
  });
  return { matched, missing, loading: results.some((result) => result.isLoading) };
}
