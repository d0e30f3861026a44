import type { WidgetProps } from '@rjsf/utils';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import type { OptionSource } from '../../../common/screenDefinition';
import { useRemoteChoices } from '../../engine/options/useRemoteChoices';

/**
 * A select over a large list searched on the server: loads `source.perPage` items (10 by
 * default), searches with `source.searchParam` as the user types, and always shows the
 * current value (fetched by id when it is not among the loaded items).
 */
export function RemoteSelectWidget({ id, value, onChange, disabled, readonly, options, rawErrors, placeholder, required }: WidgetProps) {
  const { t } = useTranslation();
  const { choices, loading, hasValue, setFilter } = useRemoteChoices(options.source as OptionSource, value);

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
