import { pickTranslation, type Translations } from './locales.js';
import type { Json } from './recordChanges.js';
import type { CellName, ListColumn } from './screenDefinition.js';
import { isEmptyValue, valueText, type ValueWords } from './valueText.js';

/**
 * What a list cell says, as text: the words the screen's cell shows (names, never codes), which an
 * export writes in its column. An empty value is '' (the screen draws a dash in its place); a count
 * is a number, so that a spreadsheet can add it up.
 */
export type CellValue = string | number;

type Row = Readonly<Record<string, unknown>>;

const filled = (text: unknown): text is string => typeof text === 'string' && text.trim() !== '';
const plain = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? '' : String(value));

/** The plans' names the interface writes in full (SPEC §2: Essential, Premium, VIP); any other is shown as the server sends it. */
const KNOWN_ROLES = ['essential', 'premium', 'vip'];

/** A plan's (user group's) name: Essential, Premium, VIP, otherwise the raw name; '' when none. */
export function roleText(role: unknown, t: ValueWords['t']): string {
  if (!filled(role)) return '';
  return KNOWN_ROLES.includes(role) ? t(`widgets.subscription.roles.${role}`) : role;
}

/** A date or date-time as the list writes it: yyyy-MM-dd, with HH:mm when there is a time; '' when none. */
export function dateText(value: unknown): string {
  if (!filled(value)) return '';
  return value.length > 10 ? value.replace('T', ' ').slice(0, 16) : value;
}

/** A user as a list row carries it (a request's `user`): the name, then the company in brackets. */
export function userWithCompanyText(value: unknown): string {
  const user = value as { name?: unknown; company?: unknown } | null | undefined;
  if (!filled(user?.name)) return '';
  return filled(user.company) ? `${user.name} (${user.company})` : user.name;
}

/** A reading sheet as a row carries it (a request's `book`): its original title (else `#id`) and its authors in brackets. */
export function readingSheetText(value: unknown): string {
  const book = value as { id?: unknown; original_title?: unknown; authorList?: { name?: unknown }[] | null } | null | undefined;
  if (!book?.id) return '';
  const authors = (book.authorList ?? []).map((author) => author.name).filter(filled);
  const title = filled(book.original_title) ? book.original_title : `#${String(book.id)}`;
  return authors.length ? `${title} (${authors.join(', ')})` : title;
}

/** Users as their full names, comma-separated (`[{ id, fullname }]`: a reporter's users). */
export function fullnamesText(value: unknown): string {
  return ((value as { fullname?: unknown }[] | null | undefined) ?? [])
    .map((user) => user.fullname)
    .filter(filled)
    .join(', ');
}

/** A related record by its `name` (`{ id, name }`: a request's type). */
export function relationNameText(value: unknown): string {
  const name = (value as { name?: unknown } | null | undefined)?.name;
  return filled(name) ? name : '';
}

/** A user's e-mail address (a request's `user`). */
export function userEmailText(value: unknown): string {
  const email = (value as { email?: unknown } | null | undefined)?.email;
  return filled(email) ? email : '';
}

/**
 * Each cell's text, one per cell name (the compiler refuses a cell without one). The visual parts of
 * a cell have no text of their own: a colour swatch is its code, a genre its name, a status tag its
 * label, a top-level row's icon (no parent) an empty cell, a link its text.
 */
const CELL_TEXTS: Readonly<Record<CellName, (value: unknown, row: Row, words: ValueWords) => CellValue>> = {
  text: (value, _row, words) => (isEmptyValue(value as Json) ? '' : typeof value === 'object' ? valueText(value as Json, words) : String(value)),
  translatedName: (value) => (value && typeof value === 'object' ? pickTranslation(value as Translations) : plain(value)),
  colorSwatch: plain,
  genre: plain,
  nullParent: plain,
  dash: plain,
  count: (value) => (typeof value === 'number' ? value : 0),
  date: dateText,
  html: (value, _row, words) => (filled(value) ? words.htmlText(value) : ''),
  bookStatus: (value) => {
    const status = value as { id?: unknown; label?: unknown } | null | undefined;
    return status?.id ? (filled(status.label) ? status.label : String(status.id)) : '';
  },
  planRole: (value, _row, words) => roleText(value, words.t),
  userWithCompany: userWithCompanyText,
  userEmail: userEmailText,
  readingSheetLink: readingSheetText,
  relationName: relationNameText,
  // The row's status select shows the status's name; the row carries it as `demand_status`.
  requestStatus: (value, row) => relationNameText(row.demand_status) || plain(value),
  fullnames: fullnamesText,
  // A rating's stars as their number (a spreadsheet can sort and average them); '' when not rated.
  stars: (value) => (typeof value === 'number' ? value : ''),
};

/** What the cell named `cell` says of `value` in `row` (the value after its column's `labelKeys`). */
export const cellValueText = (cell: CellName, value: unknown, row: Row, words: ValueWords): CellValue => CELL_TEXTS[cell](value, row, words);

/**
 * A column's value in a row as the screen's cell says it: the text of its `labelKeys` key when
 * there is one, else the cell's words for the row's value (CELL_TEXTS).
 */
export function cellText(column: Pick<ListColumn, 'field' | 'cell' | 'labelKeys'>, row: Row, words: ValueWords): CellValue {
  const value = row[column.field];
  if (column.labelKeys && (typeof value === 'string' || typeof value === 'number')) {
    const key = `${column.labelKeys}.${value}`;
    const text = words.t(key);
    if (text !== key) return text;
  }
  return cellValueText(column.cell ?? 'text', value, row, words);
}
