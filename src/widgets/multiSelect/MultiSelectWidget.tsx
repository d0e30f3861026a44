import type { WidgetProps } from '@rjsf/utils';
import { MultiSelect } from 'primereact/multiselect';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionSource } from '../../../common/screenDefinition';
import { useDebouncedValue } from '../../engine/options/useDebouncedValue';
import { useOptionRows, useOptions, useOptionsOf, type Option } from '../../engine/options/useOptions';
import type { MultiSelectOptions } from '../../../common/widgetOptions/multiSelect';

/**
 * Several ids of a list (`type: array` of ids) picked from `ui:options.source`, shown as chips.
 * Without `source.searchParam` the list is loaded once (`source.perPage` rows, or a fixed list)
 * and filtered in the browser when long. With it, the list is searched on the server as the user
 * types (`source.perPage` rows a page, 10 by default), and the chosen values keep their labels:
 * those not among the rows shown are asked by id (`source.idsParam`).
 */
export function MultiSelectWidget(widgetProps: WidgetProps) {
  const { source, placeholder } = widgetProps.options as Partial<MultiSelectOptions>;
  // RJSF hands an array's `ui:placeholder` to its widget in the options only.
  const props = { ...widgetProps, placeholder: widgetProps.placeholder || placeholder || '' };
  return source?.searchParam ? <SearchedMultiSelect {...props} source={{ perPage: 10, ...source }} /> : <LoadedMultiSelect {...props} source={source} />;
}

type Props = WidgetProps & { source: OptionSource | undefined };

function LoadedMultiSelect({ source, ...props }: Props) {
  const { options: choices, loading } = useOptions(source);
  return <ChipsSelect {...props} choices={choices} loading={loading} filter={choices.length > 10} />;
}

function SearchedMultiSelect({ source, value, ...props }: Props) {
  const [filter, setFilter] = useState('');
  const search = useDebouncedValue(filter.trim());
  const selected = useMemo(() => (Array.isArray(value) ? (value as (string | number)[]) : []), [value]);
  const toOptions = useOptionsOf(source);
  const page = useOptionRows(source, search);
  // Labels of every value seen, so a chosen user keeps its chip when another search is shown.
  const [known, setKnown] = useState<ReadonlyMap<string, Option>>(new Map());
  const pageOptions = toOptions(page.rows);
  const unknown = selected.filter((id) => !known.has(String(id)) && !pageOptions.some((o) => String(o.value) === String(id)));
  const byIds = useOptionRows({ ...source!, perPage: Math.max(unknown.length, 1) }, '', {
    extra: source?.idsParam ? { [source.idsParam]: unknown } : {},
    enabled: unknown.length > 0 && Boolean(source?.idsParam) && !page.loading,
  });
  const seen = [...pageOptions, ...toOptions(byIds.rows)];
  if (seen.some((option) => known.get(String(option.value))?.label !== option.label)) {
    setKnown(new Map([...known, ...seen.map((option) => [String(option.value), option] as const)]));
  }
  // The chosen values first (as labelled), then the page of the search; every option carries the
  // search as `match` so that the list's own filter keeps all the server found (a user found by
  // e-mail or company, not by name).
  const chosen = selected.map((id) => known.get(String(id)) ?? { value: id, label: String(id) });
  const choices = [...chosen, ...pageOptions.filter((o) => !selected.some((id) => String(id) === String(o.value)))].map((o) => ({ ...o, match: filter }));
  return (
    <ChipsSelect
      {...props}
      value={selected}
      choices={choices}
      loading={page.loading}
      filter
      filterBy="label,match"
      onFilter={setFilter}
      // 'Select all' would pick the page shown, not all the list holds.
      selectAll={false}
    />
  );
}

type ChipsProps = Omit<WidgetProps, 'options'> & {
  choices: Option[];
  loading: boolean;
  filter: boolean;
  filterBy?: string;
  onFilter?: (filter: string) => void;
  selectAll?: boolean;
};

function ChipsSelect({
  id,
  value,
  onChange,
  disabled,
  readonly,
  rawErrors,
  placeholder,
  label,
  choices,
  loading,
  filter,
  filterBy,
  onFilter,
  selectAll = true,
}: ChipsProps) {
  const { t } = useTranslation();
  const selected = Array.isArray(value) ? (value as unknown[]) : [];
  return (
    <MultiSelect
      inputId={id}
      value={selected}
      options={choices}
      optionLabel="label"
      optionValue="value"
      onChange={(e) => onChange(Array.isArray(e.value) ? e.value : [])}
      display="chip"
      filter={filter}
      {...(filterBy ? { filterBy } : {})}
      {...(onFilter ? { onFilter: (e: { filter: string }) => onFilter(e.filter) } : {})}
      showClear
      showSelectAll={selectAll}
      disabled={disabled || readonly}
      aria-label={label}
      placeholder={loading ? t('app.loading') : placeholder || t('form.none')}
      emptyMessage={loading ? t('app.loading') : t('list.empty')}
      emptyFilterMessage={loading ? t('app.loading') : t('list.empty')}
      className={rawErrors?.length ? 'p-invalid w-full' : 'w-full'}
    />
  );
}
