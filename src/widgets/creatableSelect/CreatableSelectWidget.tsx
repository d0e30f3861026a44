import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionSource } from '../../../common/screenDefinition';
import { queryKeys } from '../../engine/api/queryKeys';
import { recordQuery } from '../../engine/api/recordQuery';
import type { ApiRecord } from '../../engine/api/resourceApi';
import { useFormValue } from '../../engine/form/formDataStore';
import type { EngineFormContext } from '../../engine/form/templates';
import { useOptions, type Option } from '../../engine/options/useOptions';
import { useDebouncedValue } from '../../engine/options/useDebouncedValue';
import type { CreatableSelectOptions } from '../../../common/widgetOptions/creatableSelect';

/**
 * What a screen puts in the RJSF formContext so that `creatableSelect` widgets can create a record
 * in place: opens the resource's create form and resolves with the new record (undefined when
 * the user cancels).
 */
interface CreateRecordContext {
  createRecord?: ((resource: string) => Promise<ApiRecord | undefined>) | undefined;
}

/** Ids already used by the other items of `list` (the current value excepted). */
function idsUsedElsewhere(list: unknown, current: unknown): Set<string> {
  const items = Array.isArray(list) ? list : [];
  const ids = items
    .map((item) => (item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined))
    .filter((id) => id !== undefined && id !== null);
  return new Set(ids.map(String).filter((id) => id !== String(current)));
}

/**
 * A select over a large list searched on the server (like `remoteSelect`) with a "+" button that
 * creates a record in place (`ui:options.create`): the new record is selected at once. With
 * `ui:options.uniqueIn`, ids chosen in other items of that list are left out (an author once per sheet).
 */
export function CreatableSelectWidget({ id, value, onChange, disabled, readonly, options, registry, rawErrors, placeholder, required, label }: WidgetProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { source: declared, create, uniqueIn, searchPerPage } = options as unknown as CreatableSelectOptions;
  const source: OptionSource = { perPage: 10, searchParam: 'name', ...declared };
  const context = registry.formContext as (EngineFormContext & CreateRecordContext) | undefined;
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const search = useDebouncedValue(filter);
  const { options: loaded, loading } = useOptions(search && searchPerPage ? { ...source, perPage: searchPerPage } : source, search);
  const hasValue = value !== null && value !== undefined && value !== '';
  const missing = hasValue && !loaded.some((o) => String(o.value) === String(value));
  const current = useQuery({
    ...recordQuery(source.api!, String(value)),
    // Asked by id only once the first page is in and lacks it (most values are on it): one request, not two.
    enabled: missing && !loading && Boolean(source.api),
    staleTime: 60_000,
  });
  const watched = useFormValue(context?.formDataStore, uniqueIn);
  const siblings = context?.formDataStore ? watched : uniqueIn ? context?.formData?.[uniqueIn] : undefined;
  const usedKey = uniqueIn ? [...idsUsedElsewhere(siblings, value)].join(',') : '';
  const choices = useMemo<Option[]>(() => {
    const withCurrent =
      missing && current.data
        ? [{ value: current.data[source.valueField ?? 'id'] as number, label: String(current.data[source.labelField ?? 'name'] ?? value) }, ...loaded]
        : loaded;
    const used = new Set(usedKey ? usedKey.split(',') : []);
    return used.size ? withCurrent.filter((o) => !used.has(String(o.value))) : withCurrent;
  }, [loaded, missing, current.data, source.labelField, source.valueField, value, usedKey]);

  const canCreate = Boolean(create && context?.createRecord) && !disabled && !readonly;
  const createOne = async () => {
    setCreating(true);
    try {
      const record = await context!.createRecord!(create!);
      if (record) {
        queryClient.setQueryData(queryKeys.record(source.api!, String(record.id)), record);
        onChange(record.id);
      }
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="p-inputgroup creatable-select">
      <Dropdown
        inputId={id}
        value={hasValue ? value : null}
        options={choices}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => onChange(e.value ?? undefined)}
        filter
        onFilter={(e) => setFilter(e.filter)}
        showClear={!required}
        disabled={disabled || readonly}
        aria-label={label}
        placeholder={loading ? t('app.loading') : placeholder || t('form.none')}
        emptyFilterMessage={loading ? t('app.loading') : t('list.empty')}
        className={rawErrors?.length ? 'p-invalid' : undefined}
      />
      {canCreate ? (
        <Button
          type="button"
          icon="pi pi-plus"
          outlined
          loading={creating}
          onClick={() => void createOne()}
          aria-label={t('widgets.creatableSelect.create', { what: t(`widgets.creatableSelect.what.${create}`) })}
          tooltip={t('widgets.creatableSelect.create', { what: t(`widgets.creatableSelect.what.${create}`) })}
          tooltipOptions={{ position: 'top' }}
        />
      ) : null}
    </div>
  );
}
