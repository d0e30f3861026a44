/**
 * What the reading-sheet editor's form adds to and takes from the server's schema
 * (schemas/books/readingSheet.schema.json), shared by the form (src/screens/readingSheet/sheetFormSchema.ts)
 * and the definition check (server/definitions/readingSheetForms.ts), which checks the form as shown.
 */

/** The stored files of GET admin/books/{id}: read-only in the save, shown and deleted by `fileList` fields. */
export const READING_SHEET_STORED_FILES = {
  documentList: { type: 'array', items: { type: 'object' } },
  coverList: { type: 'array', items: { type: 'object' } },
  videoList: { type: 'array', items: { type: 'object' } },
  manuscript: { type: 'object' },
} as const;

/** Properties of the save that are no field of the form (set by the save buttons). */
export const READING_SHEET_SAVE_ONLY = ['withNotification'] as const;

/** The form's properties: the server's, minus the save-only ones, plus the stored files. */
export function readingSheetFormProperties(properties: Record<string, unknown> = {}): Record<string, unknown> {
  const kept = Object.entries(properties).filter(([name]) => !(READING_SHEET_SAVE_ONLY as readonly string[]).includes(name));
  return { ...Object.fromEntries(kept), ...READING_SHEET_STORED_FILES };
}
