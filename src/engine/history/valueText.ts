import type { TFunction } from 'i18next';
import { LOCALES, pickTranslation, type Translations } from '../../../common/locales';
import type { Json } from '../../../common/recordChanges';
import { formatBytes } from '../format/formatBytes';

/** Fields that name an item of a list, in order of preference. */
const NAMING_KEYS = ['name', 'title', 'label', 'text', 'original_title', 'fullname'] as const;

/** Past this length, or on several lines, a text shows as a word-by-word difference rather than `old → new`. */
export const LONG_TEXT = 80;

const isObject = (value: unknown): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLocaleMap = (value: unknown): value is Translations =>
  isObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => (LOCALES as readonly string[]).includes(key));

/** No value: absent, null, an empty text, list or object. */
export function isEmptyValue(value: Json | undefined): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
}

/** A text long enough, or on several lines, to be compared word by word. */
export const isLongText = (value: Json | undefined): value is string => typeof value === 'string' && (value.length > LONG_TEXT || value.includes('\n'));

/** The words of rich text (HTML), one line a paragraph: what a reader of the field sees. */
export function plainText(html: string): string {
  const document = new DOMParser().parseFromString(html.replace(/<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, '$&\n'), 'text/html');
  return (document.body.textContent ?? '').replace(/\n{2,}/g, '\n').trim();
}

/**
 * What names an item of a list or an object: its name, title, label or text (of a per-language
 * map, the English or first text), with its size when it is a file (`report.pdf (2.0 KB)`).
 */
export function itemText(item: Json | undefined): string | undefined {
  if (!isObject(item)) return undefined;
  for (const key of NAMING_KEYS) {
    const value = item[key];
    const text = typeof value === 'string' ? value.trim() : isLocaleMap(value) ? pickTranslation(value) : '';
    if (text) return typeof item.size === 'number' ? `${text} (${formatBytes(item.size)})` : text;
  }
  return undefined;
}

/**
 * A value in staff's words: '(empty)', Yes / No, a text as written (rich text as its words), a list
 * item by item, a file by name and size, another object by what names it.
 */
export function valueText(value: Json | undefined, t: TFunction, widget?: unknown): string {
  if (isEmptyValue(value)) return t('history.empty');
  if (typeof value === 'boolean' || (widget === 'flag' && (value === 0 || value === 1))) return t(value ? 'history.yes' : 'history.no');
  if (typeof value === 'string') return widget === 'richText' ? plainText(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => valueText(item, t)).join(', ');
  if (isLocaleMap(value)) return pickTranslation(value);
  return itemText(value) ?? JSON.stringify(value);
}
