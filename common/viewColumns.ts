import { humanize } from './validation.js';
import type { ListColumn } from './screenDefinition.js';

/**
 * A list column's key in a saved view (docs/saved-views.md): its field, and its cell when it names
 * one other than plain text, since a field may show in two columns (a request's user: name and
 * company, e-mail). A field the list returns that the screen does not show is its own key.
 */
export const columnKey = (column: { readonly field: string; readonly cell?: string | undefined }): string =>
  column.cell && column.cell !== 'text' ? `${column.field}:${column.cell}` : column.field;

/** A field's name as a column header when no screen names it: `author_names` is 'Author names'. */
export function fieldHeader(field: string): string {
  const words = humanize(field);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A column a list may show: the screen's own, or a field its rows have that the screen does not show. */
export interface ChoosableColumn {
  key: string;
  column: ListColumn;
  /** Whether the screen declares it (shown when nothing is chosen). */
  declared: boolean;
}

/**
 * Every column a person may choose, the screen's own first in its order, then each other field
 * the rows have (`fields`, in the order the rows give them), shown as plain text under its `fieldHeader`.
 */
export function choosableColumns(declared: readonly ListColumn[], fields: readonly string[], header: (field: string) => string = fieldHeader): ChoosableColumn[] {
  const own = declared.map((column) => ({ key: columnKey(column), column, declared: true }));
  const taken = new Set([...own.map((entry) => entry.key), ...declared.map((column) => column.field)]);
  const others = fields.filter((field) => !taken.has(field)).map((field) => ({ key: field, column: { field, header: header(field) } as ListColumn, declared: false }));
  return [...own, ...others];
}

/**
 * The columns shown: the chosen keys in their order (those the list no longer has left out), else
 * the screen's own. A key that is a field the screen shows through a cell (`status` for
 * `status:bookStatus`) is that column, as the screen shows it.
 */
export function shownColumns(choosable: readonly ChoosableColumn[], chosen: readonly string[]): ListColumn[] {
  if (!chosen.length) return choosable.filter((entry) => entry.declared).map((entry) => entry.column);
  const byKey = new Map(choosable.map((entry) => [entry.key, entry.column]));
  for (const entry of choosable) if (entry.declared && !byKey.has(entry.column.field)) byKey.set(entry.column.field, entry.column);
  return chosen.flatMap((key) => {
    const column = byKey.get(key);
    return column ? [column] : [];
  });
}
