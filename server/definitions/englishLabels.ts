import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fieldLabelOf } from '../../common/fieldLabel.js';
import { buildResources, textsByDottedKey, type Messages } from '../../common/i18nResources.js';
import { DEFAULT_LOCALE, LOCALE_NAMES, type Locale } from '../../common/locales.js';
import type { FieldLabels } from '../../common/validation.js';

/** The interface's texts, a folder per language (src/i18n/locales/<code>). */
const LOCALES_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'i18n', 'locales');
/** The interface's English texts (src/i18n/locales/en), read where the form's labels are. */
const LOCALES_DIR = path.join(LOCALES_ROOT, 'en');

/** A language of the interface: its code (the folder's name) and its name in that language. */
export interface InterfaceLanguage {
  code: string;
  name: string;
}

let languages: InterfaceLanguage[] | undefined;

/** The languages the interface has texts in: the folders of src/i18n/locales, English first. */
export function interfaceLanguages(): readonly InterfaceLanguage[] {
  languages ??= fs
    .readdirSync(LOCALES_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => Number(b === DEFAULT_LOCALE) - Number(a === DEFAULT_LOCALE) || a.localeCompare(b))
    .map((code) => ({ code, name: Object.hasOwn(LOCALE_NAMES, code) ? LOCALE_NAMES[code as Locale] : languageName(code) }));
  return languages;
}

/** A language's name in itself (`de` → Deutsch), else its code. */
function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

let texts: Map<string, string> | undefined;
/** Published labels of screens, by namespace (`screens.genres`): they replace the files' texts. */
const published = new Map<string, Map<string, string>>();

/** The English text of an i18n key, or the title itself when it is no key (already words). */
export function englishText(key: string): string {
  const namespace = key.split('.').slice(0, 2).join('.');
  return published.get(namespace)?.get(key) ?? englishTexts().get(key) ?? key;
}

/** Every English text by its flat key (`screens.genres.colorLabel`), read once. */
export function englishTexts(): ReadonlyMap<string, string> {
  texts ??= readTexts();
  return texts;
}

/** The interface's English messages under a namespace (`screens.genres`), as the files hold them. */
export function builtInMessages(namespace: string): Messages {
  const messages: Messages = {};
  for (const [key, text] of englishTexts()) {
    if (!key.startsWith(`${namespace}.`)) continue;
    const path = key.slice(namespace.length + 1).split('.');
    let node = messages;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Messages;
    node[path[path.length - 1]!] = text;
  }
  return messages;
}

/** Uses a screen's published labels for its namespace (undefined: back to the files' texts). */
export function publishLabels(namespace: string, messages: Messages | undefined): void {
  if (!messages) return void published.delete(namespace);
  published.set(namespace, textsByDottedKey(messages, namespace));
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
  return new Map(Object.values(buildResources(files)).flatMap(({ translation }) => [...textsByDottedKey(translation)]));
}
