import fs from 'node:fs';
import path from 'node:path';
import { SCREENS_DIR } from './loadScreens.js';
import type { FormFile } from './checkDefinitions.js';

const read = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, 'books', name), 'utf8'));

/** The reading-sheet editor's UI schema (the bespoke screen's form) and the schema it renders, checked like the screen definitions. */
export const READING_SHEET_FORMS: readonly FormFile[] = [{ file: 'schemas/books/readingSheet.ui.json', uiSchema: read('readingSheet.ui.json'), schema: read('readingSheet.schema.json') }];
