import type { WidgetProps } from '@rjsf/utils';
import { InputSwitch } from 'primereact/inputswitch';
import { useTranslation } from 'react-i18next';

/** A 0/1 flag (`universal`, `serie`, `audiovisual_law` …) as a switch; sends 1 or 0. */
export function FlagWidget({ id, value, onChange, disabled, readonly, label }: WidgetProps) {
  const { t } = useTranslation();
  const on = value === 1 || value === true || value === '1';
  return (
    <span className="flag-widget">
      <InputSwitch inputId={id} checked={on} onChange={(e) => onChange(e.value ? 1 : 0)} disabled={disabled || readonly} aria-label={label} />
      <span className="flag-widget-text">{on ? t('widgets.flag.yes') : t('widgets.flag.no')}</span>
    </span>
  );
}
