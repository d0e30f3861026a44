/**
 * Writes the files generated from others, when they are stale: `schemas/screen.schema.json` (the
 * screens' meta-schema, from common/screenDefinition.ts) and `schemas/readingSheetSchemaType.ts`
 * (the sheet's save schema as a type). `npm run build` runs it first; `--check` (`npm test`) writes
 * nothing and fails naming each stale file, so a committed file never lags its source.
 */
import fs from 'node:fs';
import path from 'node:path';
import { READING_SHEET_SCHEMA_TYPE_FILE, readingSheetSchemaTypeText } from './write-reading-sheet-schema-type.js';
import { SCREEN_SCHEMA_FILE, screenSchemaText } from './write-screen-schema.js';

const GENERATED: readonly [file: string, text: () => string][] = [
  [SCREEN_SCHEMA_FILE, screenSchemaText],
  [READING_SHEET_SCHEMA_TYPE_FILE, readingSheetSchemaTypeText],
];

const check = process.argv.includes('--check');
const stale = GENERATED.filter(([file, text]) => !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text());
for (const [file, text] of stale) {
  const name = path.relative(process.cwd(), file);
  if (check) console.error(`${name} is stale: run npm run build (it writes it), then commit it`);
  else {
    fs.writeFileSync(file, text());
    console.log(`Wrote ${name}`);
  }
}
if (check && stale.length) process.exit(1);
