import { formatBytes } from './formatBytes.js';
import { LOCALES, pickTranslation, type Translations } from './locales.js';
import type { Json } from './recordChanges.js';

/** What puts a value in staff's words where client and server differ: the interface's texts and rich text's words. */
export interface ValueWords {
  /** The interface's text of a key (i18next's `t` in the browser, the English texts on the server); the key itself when there is none. */
  t: (key: string) => string;
  /** Rich text (HTML) as its words. */
  htmlText: (html: string) => string;
}

/** Fields that name an item of a list, in order of preference. */
const NAMING_KEYS = ['name', 'title', 'label', 'text', 'original_title', 'fullname'] as const;

const isObject = (value: unknown): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLocaleMap = (value: unknown): value is Translations =>
  isObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => (LOCALES as readonly string[]).includes(key));

/** No value: absent, null, an empty text, list or object. */
export function isEmptyValue(value: Json | undefined): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (isObject(value) && Object.keys(value).length === 0)
  );
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
export function valueText(value: Json | undefined, words: ValueWords, widget?: unknown): string {
  if (isEmptyValue(value)) return words.t('history.empty');
  if (typeof value === 'boolean' || (widget === 'flag' && (value === 0 || value === 1))) return words.t(value ? 'history.yes' : 'history.no');
  if (typeof value === 'string') return widget === 'richText' ? words.htmlText(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => valueText(item, words)).join(', ');
  if (isLocaleMap(value)) return pickTranslation(value);
  return itemText(value) ?? JSON.stringify(value);
}
