import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { TreeSelect, type TreeSelectSelectionKeysType } from 'primereact/treeselect';
import { useEffect, useId, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterWidget, ListFilter } from '../../../common/screenDefinition';
import { deferred, type DeferredComponent } from '../deferred';
import { buildTree } from '../options/buildTree';
import { useOptions } from '../options/useOptions';
import { FilterChips } from './FilterChips';
import type { FilterControlProps } from './filters/filterControl';

function SelectFilter({ filter, values, onChange, label }: FilterControlProps) {
  const { options } = useOptions(filter.options);
  return (
    <Dropdown
      value={values[0] ?? null}
      options={options.map((o) => ({ value: String(o.value), label: o.label }))}
      onChange={(e) => onChange(e.value === null || e.value === undefined ? [] : [String(e.value)])}
      placeholder={label}
      aria-label={label}
      showClear
      filter={options.length > 10}
    />
  );
}

function MultiSelectFilter({ filter, values, onChange, label }: FilterControlProps) {
  const { options } = useOptions(filter.options);
  return (
    <MultiSelect
      value={values}
      options={options.map((o) => ({ value: String(o.value), label: o.label }))}
      onChange={(e) => onChange((e.value as string[]) ?? [])}
      placeholder={label}
      aria-label={label}
      filter={options.length > 10}
      maxSelectedLabels={2}
      showClear
    />
  );
}

function TreeSelectFilter({ filter, values, onChange, label }: FilterControlProps) {
  const { options } = useOptions(filter.options);
  const nodes = useMemo(() => buildTree(options), [options]);
  const selection = values.length ? Object.fromEntries(values.map((v) => [v, { checked: true, partialChecked: false }])) : null;
  return (
    <TreeSelect
      value={selection}
      options={nodes}
      selectionMode="checkbox"
      onChange={(e) => {
        const keys = e.value as TreeSelectSelectionKeysType | null;
        onChange(
          Object.entries(keys ?? {})
            .filter(([, v]) => (typeof v === 'object' ? v.checked : v))
            .map(([k]) => k),
        );
      }}
      placeholder={label}
      aria-label={label}
      filter
      showClear
      display="chip"
    />
  );
}

function TextFilter({ values, onChange, label }: FilterControlProps) {
  return <InputText value={values[0] ?? ''} onChange={(e) => onChange(e.target.value ? [e.target.value] : [])} placeholder={label} aria-label={label} />;
}

/** Filter controls by widget name: keyed by the FilterWidget union, so none can be missing. */
export const FILTER_CONTROLS: Record<FilterWidget, ComponentType<FilterControlProps>> = {
  select: SelectFilter,
  multiSelect: MultiSelectFilter,
  treeSelect: TreeSelectFilter,
  // Only ever behind 'More filters' in the declared lists: their code (PrimeReact's calendar and
  // rating) loads when that panel opens, or in the background once the first page has settled.
  month: deferred(() => import('./filters/MonthFilter').then((m) => m.MonthFilter)),
  stars: deferred(() => import('./filters/StarsFilter').then((m) => m.StarsFilter)),
  text: TextFilter,
};

/**
 * The filter bar of a list: one control per declared filter, values kept by the list controller.
 * Filters declared `more` wait behind 'More filters' (with the count of the active ones), which
 * opens them below the bar; every active filter shows as a removable chip under it.
 */
export function FilterBar({
  filters,
  values,
  onChange,
  onClear,
}: {
  filters: ListFilter[];
  values: Record<string, string[]>;
  onChange(param: string, values: string[]): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const active = Object.keys(values).length > 0;
  const main = filters.filter((filter) => !filter.more);
  const more = useMemo(() => filters.filter((filter) => filter.more), [filters]);
  const activeMore = more.filter((filter) => values[filter.param]?.length).length;
  // The code of the controls behind 'More filters', fetched once the list has shown: there when the panel opens.
  useEffect(() => {
    for (const filter of more) (FILTER_CONTROLS[filter.widget] as Partial<DeferredComponent<FilterControlProps>>).preload?.();
  }, [more]);
  const control = (filter: ListFilter) => {
    const Control = FILTER_CONTROLS[filter.widget];
    return (
      <Control key={filter.param} filter={filter} values={values[filter.param] ?? []} onChange={(v) => onChange(filter.param, v)} label={t(filter.label)} />
    );
  };
  return (
    <div className="filter-area" role="search" aria-label={t('list.filters')}>
      <div className="filter-bar">
        {main.map(control)}
        {more.length ? (
          <Button
            type="button"
            className="more-filters"
            label={t('list.moreFilters')}
            icon={open ? 'pi pi-chevron-up' : 'pi pi-sliders-h'}
            outlined
            badge={activeMore ? String(activeMore) : undefined}
            aria-label={activeMore ? t('list.moreFiltersActive', { count: activeMore }) : t('list.moreFilters')}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((current) => !current)}
          />
        ) : null}
      </div>
      {more.length ? (
        <div id={panelId} className="filter-more" hidden={!open}>
          {open ? (
            <>
              <div className="filter-more-selects">{more.filter((filter) => filter.widget !== 'stars').map(control)}</div>
              <div className="filter-more-stars">{more.filter((filter) => filter.widget === 'stars').map(control)}</div>
            </>
          ) : null}
        </div>
      ) : null}
      <FilterChips
        filters={filters}
        values={values}
        onChange={onChange}
        after={active ? <Button type="button" label={t('list.clearFilters')} icon="pi pi-filter-slash" text size="small" onClick={onClear} /> : null}
      />
    </div>
  );
}
