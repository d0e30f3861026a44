import type { WidgetProps } from '@rjsf/utils';
import { Calendar } from 'primereact/calendar';
import { formatDay, parseDay } from '../subscriptionPanel/dates';

/**
 * A day (`ui:widget: "date"`), shown and typed as `yyyy-MM-dd`, the format of the lists, the
 * dashboard and the API (SPEC §3), whatever the browser's language: the browser's own date input
 * would show `11/27/2026` in one place and `27/11/2026` in another.
 */
export function DateWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, placeholder, label, required }: WidgetProps) {
  return (
    <Calendar
      inputId={id}
      value={parseDay(typeof value === 'string' ? value : null)}
      dateFormat="yy-mm-dd"
      showIcon
      showOnFocus={false}
      showButtonBar
      onChange={(event) => onChange(event.value instanceof Date ? formatDay(event.value) : undefined)}
      onClearButtonClick={() => onChange(undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      disabled={disabled || readonly}
      required={required}
      aria-label={label}
      placeholder={placeholder || 'yyyy-mm-dd'}
      invalid={Boolean(rawErrors?.length)}
      className="date-widget"
    />
  );
}
