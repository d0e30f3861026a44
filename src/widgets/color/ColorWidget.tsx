import type { WidgetProps } from '@rjsf/utils';
import { ColorPicker } from 'primereact/colorpicker';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';

const DEFAULT_COLOR = '#0091ea';

/** A colour picker with its hex code; empty values show the default display colour #0091ea. */
export function ColorWidget({ id, value, onChange, disabled, readonly, schema, rawErrors }: WidgetProps) {
  const { t } = useTranslation();
  const fallback = typeof schema.default === 'string' ? schema.default : DEFAULT_COLOR;
  const hex = typeof value === 'string' && value ? value : fallback;
  return (
    <div className="color-widget">
      <ColorPicker
        inputId={`${id}-picker`}
        value={hex.replace('#', '')}
        onChange={(e) => onChange(`#${String(e.value)}`)}
        disabled={disabled || readonly}
        aria-label={t('form.colorPicker')}
      />
      <InputText
        id={id}
        value={typeof value === 'string' ? value : ''}
        placeholder={fallback}
        onChange={(e) => onChange(e.target.value || undefined)}
        disabled={disabled}
        readOnly={readonly}
        invalid={Boolean(rawErrors?.length)}
        maxLength={7}
        className="color-hex"
      />
    </div>
  );
}
