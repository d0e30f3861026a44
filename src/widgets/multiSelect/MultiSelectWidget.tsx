import type { WidgetProps } from '@rjsf/utils';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import type { OptionSource } from '../../../common/screenDefinition';
import { useOptions } from '../../engine/options/useOptions';

/**
 * Several ids of a list (`type: array` of ids) picked from `ui:options.source` (an API list loaded
 * once, `source.perPage` rows, or a fixed list), shown as chips, with a filter on long lists.
 */
export function MultiSelectWidget({ id, value, onChange, disabled, readonly, options, rawErrors, placeholder, label }: WidgetProps) {
  const { t } = useTranslation();
  const { options: choices, loading } = useOptions(options.source as OptionSource | undefined);
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
      filter={choices.length > 10}
      showClear
      disabled={disabled || readonly}
      aria-label={label}
      placeholder={loading ? t('app.loading') : placeholder || t('form.none')}
      emptyMessage={t('list.empty')}
      emptyFilterMessage={t('list.empty')}
      className={rawErrors?.length ? 'p-invalid w-full' : 'w-full'}
    />
  );
}
