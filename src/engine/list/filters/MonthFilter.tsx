import { Calendar } from 'primereact/calendar';
import type { FilterControlProps } from './filterControl';

/** A month filter (`yyyy-MM` in the address). */
export function MonthFilter({ values, onChange, label }: FilterControlProps) {
  const value = values[0] ? new Date(`${values[0]}-01T00:00:00`) : null;
  return (
    <Calendar
      value={value}
      view="month"
      dateFormat="yy-mm"
      onChange={(e) => {
        const date = e.value as Date | null;
        onChange(date ? [`${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`] : []);
      }}
      placeholder={label}
      aria-label={label}
      showButtonBar
    />
  );
}
