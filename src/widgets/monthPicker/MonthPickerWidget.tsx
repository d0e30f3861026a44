import type { WidgetProps } from '@rjsf/utils';
import { Calendar } from 'primereact/calendar';
import { useTranslation } from 'react-i18next';

/** `YYYY-MM` as a date (the first of the month), or null when it is not one. */
function parseMonth(value: unknown): Date | null {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, 1) : null;
}

/** A date's year and month as `YYYY-MM`. */
function formatMonth(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** A year and month (`YYYY-MM`, e.g. a publication date) picked in a month calendar. */
export function MonthPickerWidget({ id, value, onChange, disabled, readonly, rawErrors, placeholder, label }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <Calendar
      inputId={id}
      value={parseMonth(value)}
      view="month"
      dateFormat="yy-mm"
      showIcon
      showButtonBar
      onChange={(e) => {
        const date = e.value as Date | null | undefined;
        onChange(date ? formatMonth(date) : undefined);
      }}
      onClearButtonClick={() => onChange(undefined)}
      disabled={disabled || readonly}
      aria-label={label}
      placeholder={placeholder || t('widgets.monthPicker.placeholder')}
      invalid={Boolean(rawErrors?.length)}
      className="month-picker"
    />
  );
}
