import { humanize } from './validation.js';
import type { ListColumn } from './screenDefinition.js';

/**
 * A list column's key in a saved view (docs/saved-views.md): its field, and its cell when it names
 * one other than plain text, since a field may show in two columns (a request's user: name and
 * company, e-mail). A column the screen offers (`list.columnChoices`) has its key the same way.
 */
export const columnKey = (column: { readonly field: string; readonly cell?: string | undefined }): string =>
  column.cell && column.cell !== 'text' ? `${column.field}:${column.cell}` : column.field;

/** A field's name in words when no screen names it (a column a saved view kept that the list no longer offers): `cover_url` is 'Cover url'. */
export function fieldHeader(field: string): string {
  const words = humanize(field);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A column a list may show: the screen's own, or one it offers with the Columns button (`list.columnChoices`). */
export interface ChoosableColumn {
  key: string;
  column: ListColumn;
  /** Whether the screen shows it (shown when nothing is chosen); false for an offered column. */
  declared: boolean;
}

/**
 * Every column a person may choose: the screen's own first in its order, then those the screen
 * offers (`list.columnChoices`), each as declared (its header, its cell). Nothing else the rows
 * carry is offered. An offer with the key of a column listed before it is left out (the
 * definitions' check refuses one).
 */
export function choosableColumns(declared: readonly ListColumn[], offered: readonly ListColumn[] = []): ChoosableColumn[] {
  const own = declared.map((column) => ({ key: columnKey(column), column, declared: true }));
  const taken = new Set(own.map((entry) => entry.key));
  const others = offered.flatMap((column) => {
    const key = columnKey(column);
    if (taken.has(key)) return [];
    taken.add(key);
    return [{ key, column, declared: false }];
  });
  return [...own, ...others];
}

/**
 * The keys a saved view or an export may name among `choosable`: each column's key, and the field
 * of a column shown through a cell (`status` for `status:bookStatus`), which names that column.
 */
export function choosableKeys(choosable: readonly ChoosableColumn[]): Set<string> {
  return new Set(choosable.flatMap((entry) => [entry.key, entry.column.field]));
}

/**
 * The columns shown: the chosen keys in their order (those the list no longer has left out), else
 * the screen's own. A key that is the field of a column shown through a cell (`status` for
 * `status:bookStatus`) is that column, as the screen shows it (the first with that field).
 */
export function shownColumns(choosable: readonly ChoosableColumn[], chosen: readonly string[]): ListColumn[] {
  if (!chosen.length) return choosable.filter((entry) => entry.declared).map((entry) => entry.column);
  const byKey = new Map(choosable.map((entry) => [entry.key, entry.column]));
  for (const entry of choosable) if (!byKey.has(entry.column.field)) byKey.set(entry.column.field, entry.column);
  return chosen.flatMap((key) => {
    const column = byKey.get(key);
    return column ? [column] : [];
  });
}
