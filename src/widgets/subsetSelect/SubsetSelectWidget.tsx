import type { WidgetProps } from '@rjsf/utils';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { useFormValue } from '../../engine/form/formDataStore';
import type { EngineFormContext } from '../../engine/form/templates';
import { useOptions } from '../../engine/options/useOptions';
import type { SubsetSelectOptions } from '../../../common/widgetOptions/subsetSelect';

/**
 * One value among those picked in another top-level list field of the form (`ui:options.from`),
 * labelled from `ui:options.source`: the primary genre among the sheet's genres.
 */
export function SubsetSelectWidget({ id, value, onChange, disabled, readonly, options, registry, rawErrors, placeholder, label }: WidgetProps) {
  const { t } = useTranslation();
  const { source, from } = options as Partial<SubsetSelectOptions>;
  const { options: all, loading } = useOptions(source);
  const context = registry.formContext as EngineFormContext | undefined;
  const watched = useFormValue(context?.formDataStore, String(from));
  const picked = context?.formDataStore ? watched : context?.formData?.[String(from)];
  const ids = Array.isArray(picked) ? picked.map(String) : [];
  const choices = all.filter((option) => ids.includes(String(option.value)));
  return (
    <Dropdown
      inputId={id}
      value={value ?? null}
      options={choices}
      optionLabel="label"
      optionValue="value"
      onChange={(e) => onChange(e.value ?? undefined)}
      showClear
      disabled={disabled || readonly}
      aria-label={label}
      placeholder={loading ? t('app.loading') : placeholder || t('form.none')}
      emptyMessage={t('widgets.subsetSelect.pickFirst')}
      className={rawErrors?.length ? 'p-invalid w-full' : 'w-full'}
    />
  );
}
