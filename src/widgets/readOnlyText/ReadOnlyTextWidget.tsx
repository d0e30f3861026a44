import type { WidgetProps } from '@rjsf/utils';

/** Shows a value as text, not editable (VAT number, codes of read-only records). */
export function ReadOnlyTextWidget({ id, value }: WidgetProps) {
  return (
    <span id={id} className="read-only-text">
      {value === undefined || value === null || value === '' ? '-' : String(value)}
    </span>
  );
}
