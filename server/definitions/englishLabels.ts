import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fieldLabelOf } from '../../common/fieldLabel.js';
import { buildResources, type Messages } from '../../common/i18nResources.js';
import type { FieldLabels } from '../../common/validation.js';

/** The interface's English texts (src/i18n/locales/en), read where the form's labels are. */
const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'i18n', 'locales', 'en');

let texts: Map<string, string> | undefined;

/** The English text of an i18n key, or the title itself when it is no key (already words). */
export function englishText(key: string): string {
  return englishTexts().get(key) ?? key;
}

/** Every English text by its flat key (`screens.genres.colorLabel`), read once. */
export function englishTexts(): ReadonlyMap<string, string> {
  texts ??= readTexts();
  return texts;
}

/**
 * The labels of a form schema's fields in English, as the form shows them: the server's messages
 * name a field as the browser's do ('The request date field is required.').
 */
export function englishLabels(schema: object): FieldLabels {
  return (segments) => fieldLabelOf(schema, segments, englishText);
}

function readTexts(): Map<string, string> {
  const files: Record<string, Messages> = {};
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) files[full.split(path.sep).join('/')] = JSON.parse(fs.readFileSync(full, 'utf8')) as Messages;
    }
  };
  walk(LOCALES_DIR);
  const map = new Map<string, string>();
  const flatten = (messages: Messages, prefix: string): void => {
    for (const [key, value] of Object.entries(messages)) {
      if (typeof value === 'string') map.set(prefix + key, value);
      else flatten(value, `${prefix}${key}.`);
    }
  };
  for (const { translation } of Object.values(buildResources(files))) flatten(translation, '');
  return map;
}
