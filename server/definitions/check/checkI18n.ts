import { isObject, type Path, type Report } from './problem.js';

/** Keys whose string value is shown to the user, hence an i18n key when it looks like one. */
const TEXT_KEYS = new Set([
  'ui:title',
  'ui:help',
  'ui:placeholder',
  'ui:description',
  'title',
  'help',
  'placeholder',
  'description',
  'descriptionFr',
  'label',
  'addLabel',
  'header',
  'message',
  'onLabel',
  'offLabel',
  // A bulk action's question and a list's count, said with a number (`{{count}}`).
  'confirm',
  'countLabel',
]);
/** Keys whose value is a list of i18n keys. */
const LIST_KEYS = new Set(['ui:enumNames', 'enumNames']);
/** Keys whose value maps values to i18n keys. */
const MAP_KEYS = new Set(['groupLabels']);

/** What an i18n key looks like (`screens.genres.colorLabel`); other text is shown as written. */
const I18N_KEY = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

/** Where staff add a key: the screen's own file for `screens.<name>.*`. */
const fileOf = (key: string) => {
  const [first, second] = key.split('.');
  return first === 'screens' ? `src/i18n/locales/en/screens/${second}.json` : 'src/i18n/locales/en/';
};

/**
 * Whether `key` is a text of `keys`: itself, or a text said with a number, whose forms i18next
 * keeps under `<key>_one`, `<key>_other` (it picks one by `count`; `_other` is the one every
 * language has).
 */
const hasI18nKey = (keys: ReadonlySet<string>, key: string): boolean => keys.has(key) || keys.has(`${key}_other`);

/** Reports a text that looks like an i18n key and is none of `keys`. */
export function checkI18nKey(value: unknown, path: Path, keys: ReadonlySet<string>, report: Report): void {
  if (typeof value === 'string' && I18N_KEY.test(value) && !hasI18nKey(keys, value)) {
    report(path, `"${value}" is no key of src/i18n/locales/en: add it (${fileOf(value)}) or correct the key`);
  }
}

/**
 * Every text of `value` (a screen's titles, menu, list or UI schema) that looks like an i18n key
 * exists in English: titles, headers, labels, placeholders, help, add labels, `ui:enumNames`,
 * `groupLabels`, and `labelKeys` prefixes holding at least one key. `schema` mode (a form's JSON
 * Schema) checks only its `title`s (a property may be named `label`).
 */
export function checkI18n(value: unknown, base: Path, keys: ReadonlySet<string>, report: Report, mode: 'texts' | 'schema' = 'texts'): void {
  const walk = (node: unknown, path: Path) => {
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, [...path, index]));
    if (!isObject(node)) return;
    for (const [key, item] of Object.entries(node)) {
      const at = [...path, key];
      if (mode === 'schema') {
        if (key === 'title') checkI18nKey(item, at, keys, report);
      } else if (TEXT_KEYS.has(key)) checkI18nKey(item, at, keys, report);
      else if (LIST_KEYS.has(key) && Array.isArray(item)) item.forEach((entry, index) => checkI18nKey(entry, [...at, index], keys, report));
      else if (MAP_KEYS.has(key) && isObject(item)) for (const [name, entry] of Object.entries(item)) checkI18nKey(entry, [...at, name], keys, report);
      else if (key === 'labelKeys' && typeof item === 'string' && ![...keys].some((known) => known.startsWith(`${item}.`))) {
        report(at, `"${item}" holds no key of src/i18n/locales/en (none starts with "${item}."): add its values' keys (${fileOf(item)}) or correct the prefix`);
      }
      if (typeof item === 'object') walk(item, at);
    }
  };
  walk(value, base);
}
