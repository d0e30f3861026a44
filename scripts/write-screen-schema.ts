/**
 * Writes `schemas/screen.schema.json` from `screenMetaSchema` (common/screenDefinition.ts), the
 * meta-schema editors use through each definition's `$schema`: `npm run build` writes it
 * (scripts/generate.ts; `npm test` and tests/schemas/screens.test.ts fail while it is stale).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenMetaSchema } from '../common/screenDefinition.js';

/** Where the meta-schema file lives. */
export const SCREEN_SCHEMA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'schemas', 'screen.schema.json');

/** The exact text of `schemas/screen.schema.json`. */
export function screenSchemaText(): string {
  return `${JSON.stringify(screenMetaSchema, null, 2)}\n`;
}
