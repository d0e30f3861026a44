import type { Messages } from '../../../../common/i18nResources';
import { getAt, type Json } from '../draftEdits';
import { labelText } from './LabelInput';

/** A name in words, for an element nothing labels yet: `parent_name` → `Parent name`, `contactTypeId` → `Contact type id`. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/**
 * The form field a list field or a filter shows: the field of that name, else the one holding its
 * id (`parent_name`, `company_name` → `parent_id`, `company_id`; `status` → `status_id`).
 */
export function formFieldFor(definition: Json, name: string): string | undefined {
  const properties = (getAt(definition, ['form', 'schema', 'properties']) as Json | undefined) ?? {};
  const base = name.replace(/_(name|label|title)$/, '');
  return [name, `${base}_id`, `${name}_id`].find((candidate) => Object.hasOwn(properties, candidate));
}

/** The label of a form field in words, as the draft's form shows it (`ui:title`, else the schema's `title`), or undefined. */
export function formFieldLabel(t: (key: string) => string, namespace: string, definition: Json, labels: Messages, field: string): string | undefined {
  const key = (getAt(definition, ['form', 'uiSchema', field, 'ui:title']) ?? getAt(definition, ['form', 'schema', 'properties', field, 'title'])) as unknown;
  if (typeof key !== 'string' || !key) return undefined;
  const text = labelText(t, namespace, labels, key);
  // A key without a text is no label.
  return text === key && /^[a-zA-Z][\w-]*(\.[\w-]+)+$/.test(key) ? undefined : text;
}

/** Whether a key has a text, in the draft's labels (the screen's own keys) or the interface's. */
export const hasText = (t: (key: string) => string, namespace: string, labels: Messages, key: string): boolean => labelText(t, namespace, labels, key) !== key;
