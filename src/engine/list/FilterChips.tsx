import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListFilter } from '../../../common/screenDefinition';
import { recordQuery } from '../api/recordQuery';
import { optionOf, useOptions } from '../options/useOptions';

/** Option lists without a `{api}/{id}` route: a value missing from their page is shown as it is. */
const hasRecordRoute = (api: string | undefined) => Boolean(api) && !api!.startsWith('utilities/');

/**
 * The words of one value of a filter: its option's label (a select's value beyond the options'
 * first page, an author, read as its record), the stars of a rating, or the value itself.
 */
function useValueLabel(filter: ListFilter, value: string): string {
  const { t } = useTranslation();
  const listed = filter.widget === 'select' || filter.widget === 'multiSelect' || filter.widget === 'treeSelect';
  const { options, loading } = useOptions(listed ? filter.options : undefined);
  const found = options.find((option) => String(option.value) === value);
  const api = filter.options?.api;
  const record = useQuery({ ...recordQuery(api ?? '', value), enabled: listed && !loading && !found && hasRecordRoute(api) && !filter.options?.static });
  if (filter.widget === 'stars') return t('list.starsAtLeast', { count: Number(value) });
  if (!listed) return value;
  if (found) return found.label;
  if (record.data && filter.options) return optionOf(record.data, filter.options).label;
  return value;
}

function FilterChip({ filter, value, onRemove }: { filter: ListFilter; value: string; onRemove(): void }) {
  const { t } = useTranslation();
  const label = `${t(filter.label)}: ${useValueLabel(filter, value)}`;
  return (
    <li className="filter-chip">
      <span>{label}</span>
      <button
        type="button"
        className="filter-chip-remove"
        aria-label={t('list.removeFilter', { filter: label })}
        title={t('list.removeFilter', { filter: label })}
        onClick={onRemove}
      >
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * The active filters of a list as removable chips, one per value, in the order of the filters:
 * always in view, also for the filters behind 'More filters'.
 */
export function FilterChips({
  filters,
  values,
  onChange,
  after,
}: {
  filters: ListFilter[];
  values: Record<string, string[]>;
  onChange(param: string, values: string[]): void;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const chips = filters.flatMap((filter) => (values[filter.param] ?? []).map((value) => ({ filter, value })));
  if (!chips.length) return null;
  return (
    <ul className="filter-chips" aria-label={t('list.activeFilters')}>
      {chips.map(({ filter, value }) => (
        <FilterChip
          key={`${filter.param}=${value}`}
          filter={filter}
          value={value}
          onRemove={() =>
            onChange(
              filter.param,
              (values[filter.param] ?? []).filter((item) => item !== value),
            )
          }
        />
      ))}
      {after ? <li className="filter-chips-after">{after}</li> : null}
    </ul>
  );
}
