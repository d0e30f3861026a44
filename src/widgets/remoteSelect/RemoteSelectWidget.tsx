import { useQuery } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordQuery } from '../../engine/api/recordQuery';
import { optionOf, useOptionRows, useOptions, type Option } from '../../engine/options/useOptions';
import { useDebouncedValue } from '../../engine/options/useDebouncedValue';
import type { RemoteSelectOptions } from '../../../common/widgetOptions/remoteSelect';

/**
 * A select over a large list searched on the server: loads `source.perPage` items (10 by
 * default), searches with `source.searchParam` as the user types, and always shows the
 * current value (fetched by id when the first page has loaded without it: `{api}/{id}`, or, for an
 * option list with `source.idsParam`, that list asked for the id).
 */
export function RemoteSelectWidget({ id, value, onChange, disabled, readonly, options, rawErrors, placeholder, required }: WidgetProps) {
  const { t } = useTranslation();
  const source = { perPage: 10, searchParam: 'name', ...(options as RemoteSelectOptions).source };
  const [filter, setFilter] = useState('');
  const search = useDebouncedValue(filter);
  const { options: loaded, loading } = useOptions(source, search);
  const hasValue = value !== null && value !== undefined && value !== '';
  const missing = hasValue && !loaded.some((o) => String(o.value) === String(value));
  // Asked by id only once the first page is in and lacks it (most values are on it): one request, not two.
  const askCurrent = missing && !loading && Boolean(source.api);
  const current = useQuery({
    ...recordQuery(source.api!, String(value)),
    enabled: askCurrent && !source.idsParam,
    staleTime: 60_000,
  });
  const byIds = useOptionRows({ ...source, perPage: 1 }, '', {
    extra: source.idsParam ? { [source.idsParam]: [value] } : {},
    enabled: askCurrent && Boolean(source.idsParam),
  });
  const currentRow = source.idsParam ? byIds.rows.find((row) => String(row[source.valueField ?? 'id']) === String(value)) : current.data;
  const choices = useMemo<Option[]>(() => {
    if (!missing || !currentRow) return loaded;
    return [optionOf(currentRow, source), ...loaded];
    // `source` is rebuilt on each render; its fields that matter are listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, missing, currentRow, source.labelField, source.valueField]);

  return (
    <Dropdown
      inputId={id}
      value={hasValue ? value : null}
      options={choices}
      optionLabel="label"
      optionValue="value"
      onChange={(e) => onChange(e.value ?? null)}
      filter
      onFilter={(e) => setFilter(e.filter)}
      showClear={!required}
      disabled={disabled || readonly}
      placeholder={loading ? t('app.loading') : placeholder || t('form.none')}
      emptyFilterMessage={loading ? t('app.loading') : t('list.empty')}
      className={rawErrors?.length ? 'p-invalid w-full' : 'w-full'}
    />
  );
}
