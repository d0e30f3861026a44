import type { WidgetProps } from '@rjsf/utils';
import { Rating } from 'primereact/rating';
import { useTranslation } from 'react-i18next';
import type { StarsOptions } from '../../../common/widgetOptions/stars';

/** Stars of a rating (0 to `ui:options.stars`, 4 by default); the cancel icon sets 0. */
export function StarsWidget({ id, value, onChange, disabled, readonly, options, label }: WidgetProps) {
  const { t } = useTranslation();
  const stars = (options as StarsOptions).stars ?? 4;
  const rated = typeof value === 'number';
  return (
    <span className="stars-widget" id={id} role="group" aria-label={label}>
      <Rating value={rated ? value : 0} stars={stars} cancel disabled={disabled} readOnly={readonly} onChange={(e) => onChange(e.value ?? 0)} />
      <span className="stars-widget-text">{rated ? t('widgets.stars.value', { value, stars }) : t('widgets.stars.notRated')}</span>
    </span>
  );
}
