import fs from 'node:fs';
import path from 'node:path';
import { readingSheetFormProperties } from '../../common/readingSheetForm.js';
import { SCREENS_DIR } from './loadScreens.js';
import type { FormDefinition } from './checkDefinitions.js';

const read = (name: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, 'books', name), 'utf8')) as Record<string, unknown>;

/**
 * The reading-sheet editor's form (the bespoke screen's): its UI schema and the schema it renders
 * (the server's, minus the save-only properties, plus the stored files: common/readingSheetForm.ts),
 * checked like the screen definitions.
 */
export function readingSheetForm(schema: Record<string, unknown> = read('readingSheet.schema.json'), uiSchema: unknown = read('readingSheet.ui.json')): FormDefinition {
  return {
    definition: 'readingSheet',
    files: { schema: 'schemas/books/readingSheet.schema.json', uiSchema: 'schemas/books/readingSheet.ui.json' },
    form: { schema: { ...schema, properties: readingSheetFormProperties(schema.properties as Record<string, unknown> | undefined) }, uiSchema },
  };
}

/** The forms outside the screen definitions that the check reads. */
export const READING_SHEET_FORMS: readonly FormDefinition[] = [readingSheetForm()];
