import { dereferenceSchema, withoutDescriptions } from './dereferenceSchema.js';

/**
 * The reading-sheet editor's definition: the screen `readingSheet` of `admin/screens`, whose
 * built-in version is schemas/books/readingSheet.schema.json (the save's JSON Schema) with
 * schemas/books/readingSheet.ui.json, and what the form adds to and takes from that schema. Shared
 * by the form (src/screens/readingSheet/), the server's validation and the definition check
 * (server/sheets/readingSheetForms.ts), which checks the form as shown.
 */

/** The name of the reading-sheet editor's definition among the screens (`admin/screens/readingSheet`). */
export const READING_SHEET_SCREEN = 'readingSheet';

/** The i18n namespace of the editor's own texts (src/i18n/locales/<lang>/screens/readingSheet.json). */
export const READING_SHEET_LABELS = 'screens.readingSheet';

/**
 * A form-only definition (the reading sheet's editor, a bespoke screen built on the engine's
 * FormView): the save's JSON Schema and the form's UI schema. Nothing else: its routes, API and
 * storage are the product's code.
 */
export interface FormScreenDefinition {
  $schema?: string;
  /** The meta-schema version it is written for (common/screenDefinition.ts SCREEN_SCHEMA_VERSION). */
  $schemaVersion?: number;
  form: { schema: Record<string, unknown>; uiSchema: Record<string, unknown> };
}

/** The stored files of GET admin/books/{id}: read-only in the save, shown and deleted by `fileList` fields. */
const READING_SHEET_STORED_FILES = {
  documentList: { type: 'array', items: { type: 'object' } },
  coverList: { type: 'array', items: { type: 'object' } },
  videoList: { type: 'array', items: { type: 'object' } },
  manuscript: { type: 'object' },
} as const;

/** Properties of the save that are no field of the form (set by the save buttons). */
const READING_SHEET_SAVE_ONLY = ['withNotification'] as const;

/** The form's properties: the server's, minus the save-only ones, plus the stored files. */
export function readingSheetFormProperties(properties: Record<string, unknown> = {}): Record<string, unknown> {
  const kept = Object.entries(properties).filter(([name]) => !(READING_SHEET_SAVE_ONLY as readonly string[]).includes(name));
  return { ...Object.fromEntries(kept), ...READING_SHEET_STORED_FILES };
}

/**
 * The schema the editor's form renders and validates: the save's, dereferenced, without its
 * descriptions and root title, with the form's properties. The browser's validator for it is
 * compiled by the server (its key is this schema's), so both compute it here alike.
 */
export function readingSheetShownSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { title: _title, ...rest } = dereferenceSchema(withoutDescriptions(schema));
  return { ...rest, properties: readingSheetFormProperties(rest.properties as Record<string, unknown> | undefined) };
}
