import { resolveRef } from '../../../common/dereferenceSchema';
import type { Messages } from '../../../common/i18nResources';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../common/locales';

type Json = Record<string, unknown>;

/** A text that reads as an i18n key (`screens.genres.parent`), not as words written as they show. */
const I18N_KEY = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

/** One version of a form: its JSON Schema and UI schema, and the words of their titles. */
export interface FormShape {
  schema: Json;
  uiSchema: Json;
  /** The words of a title (an i18n key, or words as written); undefined when this version has none for the key. */
  text(title: string): string | undefined;
}

/**
 * What the fields of a revision are called and how the form edits them. A path is the field's
 * name then, inside it, a list item as any index (`['characters', '0', 'name']`) or an object's key
 * (`['ratings', 'originality']`), as the form's schema nests them.
 */
export interface FieldNames {
  /** The label the form gives the field at `path` (the UI schema's `ui:title`, else the schema's `title`), else its name as words. */
  label(path: readonly string[]): string;
  /** An error key's labels, one per segment: `names.fr` → `Name › Français`, `seriesList.1.name` → `Series › #2 › Name`. */
  fullLabel(key: string): string;
  /** The UI schema of the field at `path` (its widget, a picker's `source`): the form's in use first, else the version's. */
  ui(path: readonly string[]): Json | undefined;
}

/** A field's name as words, for a field no form names (`reporterTextsData` → `Reporter texts data`, `credits` → `Credits`). */
function wordsOf(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The schema and UI schema nodes at `path` in one form. */
function nodeAt(shape: FormShape, path: readonly string[]): { schema: Json | undefined; ui: Json | undefined } {
  const definitions = (shape.schema.definitions ?? shape.schema.$defs ?? {}) as Record<string, unknown>;
  let schema: Json | undefined = resolveRef(shape.schema, definitions);
  let ui: Json | undefined = shape.uiSchema;
  for (const segment of path) {
    if (/^\d+$/.test(segment)) {
      schema = resolveRef(schema?.items, definitions);
      ui = ui?.items as Json | undefined;
    } else {
      schema = resolveRef((schema?.properties as Json | undefined)?.[segment], definitions);
      ui = ui?.[segment] as Json | undefined;
    }
  }
  return { schema, ui };
}

function titleAt(shape: FormShape, path: readonly string[]): string | undefined {
  const { schema, ui } = nodeAt(shape, path);
  const title = typeof ui?.['ui:title'] === 'string' ? ui['ui:title'] : typeof schema?.title === 'string' ? schema.title : undefined;
  return title === undefined ? undefined : shape.text(title);
}

/**
 * The field names of a revision: from the labels of the version of the screen it was made with
 * (`shapes[0]` when that is not the version in use), then from the form in use, then the field's
 * own name.
 */
export function fieldNames(shapes: readonly FormShape[], inUse: FormShape | undefined): FieldNames {
  const label = (path: readonly string[]) => {
    for (const shape of shapes) {
      const text = titleAt(shape, path);
      if (text) return text;
    }
    return wordsOf([...path].reverse().find((segment) => !/^\d+$/.test(segment)) ?? '');
  };
  const ordered = inUse ? [inUse, ...shapes.filter((shape) => shape !== inUse)] : shapes;
  return {
    label,
    fullLabel: (key) => {
      const segments = key.split('.');
      return segments
        .map((segment, index) => {
          if (/^\d+$/.test(segment)) return `#${Number(segment) + 1}`;
          if (index > 0 && (LOCALES as readonly string[]).includes(segment)) return LOCALE_NAMES[segment as Locale];
          return label(segments.slice(0, index + 1));
        })
        .join(' › ');
    },
    ui: (path) => {
      for (const shape of ordered) {
        const { ui } = nodeAt(shape, path);
        if (ui) return ui;
      }
      return undefined;
    },
  };
}

/** The words of a title in use: its i18n text (the published labels are there already), or the title itself when it is no key. */
export function textInUse(exists: (key: string) => boolean, translate: (key: string) => string): FormShape['text'] {
  return (title) => (exists(title) ? translate(title) : I18N_KEY.test(title) ? undefined : title);
}

/**
 * The words of a title in one version of a screen: its own labels for the keys of its namespace
 * (`screens.genres.*`), the texts in use for the others (`fields.color`), the title itself when it
 * is no key.
 */
export function textOfVersion(namespace: string, labels: Messages, inUse: FormShape['text']): FormShape['text'] {
  return (title) => {
    if (title.startsWith(`${namespace}.`)) {
      let node: Messages | string | undefined = labels;
      for (const key of title.slice(namespace.length + 1).split('.')) node = typeof node === 'object' ? node[key] : undefined;
      if (typeof node === 'string') return node;
    }
    return inUse(title);
  };
}
