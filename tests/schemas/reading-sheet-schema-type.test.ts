// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READING_SHEET_SCHEMA_TYPE_FILE, readingSheetSchemaTypeText } from '../../scripts/write-reading-sheet-schema-type.js';

describe('the reading sheet input type (server/sheets/sheetSaveInput.ts SheetInput)', () => {
  it('is derived from the current form schema of schemas/reading-sheets.screen.json (else run npm run build)', () => {
    expect(fs.readFileSync(READING_SHEET_SCHEMA_TYPE_FILE, 'utf8')).toBe(readingSheetSchemaTypeText());
  });
});
