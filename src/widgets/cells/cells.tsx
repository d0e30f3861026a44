import { useTranslation } from 'react-i18next';
import { pickTranslation, type Translations } from '../../../common/locales';
import type { CellProps } from '../../engine/registries';
import { cellValueText, dateText } from '../../../common/cellText';
import { plainText } from '../../engine/history/valueText';
import i18n from '../../i18n';
import { useRoleLabel } from '../subscriptionPanel/roleLabel';
import { RATING_STARS, StarsDisplay } from '../stars/StarsDisplay';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The interface's texts and the browser's reading of rich text, for the cells' shared words (common/cellText.ts). */
const CELL_WORDS = { t: (key: string) => i18n.t(key), htmlText: plainText };

/**
 * Plain value; a dash when empty. A list or an object (a field a person added to the list's
 * columns: a status, the authors) shows what names it, item by item, never `[object Object]`.
 */
export function TextCell({ value, row }: CellProps) {
  return <>{cellValueText('text', value, row, CELL_WORDS) || '-'}</>;
}

/** A translatable map shown in English (or the first filled locale). */
export function TranslatedNameCell({ value }: CellProps) {
  const text = pickTranslation(value as Translations);
  return <>{text || '-'}</>;
}

/** A colour swatch with its hex code. */
export function ColorSwatchCell({ value }: CellProps) {
  if (isEmpty(value)) return <>-</>;
  return (
    <span className="color-cell">
      <span className="color-swatch" style={{ background: String(value) }} aria-hidden="true" />
      <code>{String(value)}</code>
    </span>
  );
}

/** A parent's name; a top-level row (null parent) shows an icon instead (SPEC §2). */
export function NullParentCell({ value }: CellProps) {
  const { t } = useTranslation();
  if (isEmpty(value)) return <i className="pi pi-sitemap null-parent" role="img" title={t('list.rootParent')} aria-label={t('list.rootParent')} />;
  return <>{String(value)}</>;
}

/** A sheet's primary genre: its name after its colour (the row's `primary_genre_color`); a dash without one. */
export function GenreCell({ value, row }: CellProps) {
  if (isEmpty(value)) return <>-</>;
  const color = typeof row.primary_genre_color === 'string' ? row.primary_genre_color : undefined;
  return (
    <span className="color-cell">
      {color ? <span className="color-swatch" style={{ background: color }} aria-hidden="true" /> : null}
      <span>{String(value)}</span>
    </span>
  );
}

/** The value or a dash: for optional relations shown by name. */
export function DashCell({ value }: CellProps) {
  return <>{isEmpty(value) ? '-' : String(value)}</>;
}

/** A number (counts such as books or connections); 0 when missing. */
export function CountCell({ value }: CellProps) {
  return <>{typeof value === 'number' ? value.toLocaleString('en') : '0'}</>;
}

/** A date or date-time, shown as yyyy-MM-dd (with the time when present). */
export function DateCell({ value }: CellProps) {
  const text = dateText(value);
  if (!text) return <>-</>;
  const [day, time] = text.split(' ');
  // The day (yyyy-MM-dd) never splits at its hyphens; the time may go to the next line.
  return (
    <>
      <span className="cell-date">{day}</span>
      {time ? ` ${time}` : null}
    </>
  );
}

/** HTML reduced to text, cut to 150 characters plus an ellipsis (news description). */
export function HtmlCell({ value }: CellProps) {
  if (isEmpty(value)) return <>-</>;
  const text = new DOMParser().parseFromString(String(value), 'text/html').body.textContent ?? '';
  return <>{text.length > 150 ? `${text.slice(0, 150)}...` : text}</>;
}

/** Tag colour of each book status id (SPEC §4, §9): 1 red, 2 orange, 3 grey, 4 green, each dark enough for its white words (4.5:1). */
const BOOK_STATUS_COLORS: Record<number, string> = { 1: '#d32f2f', 2: '#c2410c', 3: '#757575', 4: '#2e7d32' };

/** A book status `{ id, label }` as a tag in its colour. */
export function BookStatusCell({ value }: CellProps) {
  const status = value as { id?: number; label?: string } | null | undefined;
  if (!status?.id) return <>-</>;
  return (
    <span className="status-tag" data-status={status.id} style={{ background: BOOK_STATUS_COLORS[status.id] ?? '#9e9e9e' }}>
      {status.label ?? status.id}
    </span>
  );
}

/** A plan's (user group's) name as the interface writes it: Essential, Premium, VIP; a dash when none. */
export function PlanRoleCell({ value }: CellProps) {
  const roleLabel = useRoleLabel();
  return <>{roleLabel(typeof value === 'string' ? value : null)}</>;
}

/**
 * A rating (0 to `RATING_STARS` stars): the stars, read as '3 of 4 stars'; a dash when the row is
 * not rated on it (no value).
 */
export function StarsCell({ value }: CellProps) {
  const { t } = useTranslation();
  if (typeof value !== 'number') return <>-</>;
  return (
    <span className="stars-cell">
      <StarsDisplay value={value} label={t('widgets.stars.rated', { value, stars: RATING_STARS })} />
    </span>
  );
}
