/**
 * A list column's key in a saved view (docs/saved-views.md): its field, and its cell when it names
 * one other than plain text, since a field may show in two columns (a request's user: name and
 * company, e-mail). A field the list returns that the screen does not show is its own key.
 */
export const columnKey = (column: { readonly field: string; readonly cell?: string | undefined }): string =>
  column.cell && column.cell !== 'text' ? `${column.field}:${column.cell}` : column.field;
