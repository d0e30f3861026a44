/**
 * Writes `schemas/screen.schema.json` from `screenMetaSchema` (common/screenDefinition.ts), the
 * meta-schema editors use through each definition's `$schema`. Run after changing the meta-schema:
 * `npx tsx scripts/write-screen-schema.ts` (tests/schemas/screens.test.ts fails while it is stale).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenMetaSchema } from '../common/screenDefinition.js';

/** Where the meta-schema file lives. */
export const SCREEN_SCHEMA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'schemas', 'screen.schema.json');

/** The exact text of `schemas/screen.schema.json`. */
export function screenSchemaText(): string {
  return `${JSON.stringify(screenMetaSchema, null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SCREEN_SCHEMA_FILE, screenSchemaText());
  console.log(`Wrote ${path.relative(process.cwd(), SCREEN_SCHEMA_FILE)}`);
}
