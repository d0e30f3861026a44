import type { WidgetProps } from '@rjsf/utils';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';

/**
 * A switch between a few values shown side by side (news: Image / YouTube video link): the
 * schema's `enum` with `ui:enumNames` (i18n keys), or `oneOf` constants with titles. Always one
 * value selected.
 */
export function SelectButtonWidget({ id, value, onChange, disabled, readonly, options, label }: WidgetProps) {
  const { t } = useTranslation();
  const choices = (options.enumOptions ?? []).map((option) => ({ value: option.value as unknown, label: t(String(option.label)) }));
  return (
    <SelectButton
      id={id}
      value={value}
      options={choices}
      allowEmpty={false}
      disabled={disabled || readonly}
      aria-label={label}
      onChange={(e) => {
        if (e.value !== null && e.value !== undefined) onChange(e.value);
      }}
    />
  );
}
