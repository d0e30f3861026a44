import fs from 'node:fs';
import path from 'node:path';
import { SCREENS_DIR } from './loadScreens.js';
import type { FormFile } from './checkDefinitions.js';

/** The reading-sheet editor's UI schema (the bespoke screen's form), checked like the screen definitions. */
export const READING_SHEET_FORMS: readonly FormFile[] = [
  { file: 'schemas/books/readingSheet.ui.json', uiSchema: JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, 'books', 'readingSheet.ui.json'), 'utf8')) },
];
