import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';

const UI_TEXT_KEYS = ['ui:title', 'ui:help', 'ui:placeholder', 'ui:description'];

/** Replaces i18n keys by their text in a JSON Schema's titles and descriptions (a copy; the input is kept). */
export function translateSchema<T extends RJSFSchema>(schema: T, t: TFunction): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, (key === 'title' || key === 'description') && typeof value === 'string' ? t(value) : walk(value)]),
    );
  };
  return walk(schema) as T;
}

/** Same for the texts of a UI schema (`ui:title`, `ui:help`, `ui:placeholder`, `ui:description`). */
export function translateUiSchema(uiSchema: UiSchema | undefined, t: TFunction): UiSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, UI_TEXT_KEYS.includes(key) && typeof value === 'string' ? t(value) : walk(value)]),
    );
  };
  return walk(uiSchema ?? {}) as UiSchema;
}

/** Every `ui:widget` / `ui:field` name a UI schema uses, with its path, for the registry checks. */
export function uiNames(uiSchema: unknown, path = ''): { kind: 'ui:widget' | 'ui:field'; name: string; path: string }[] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  return Object.entries(uiSchema).flatMap(([key, value]) => {
    if ((key === 'ui:widget' || key === 'ui:field') && typeof value === 'string') return [{ kind: key, name: value, path }];
    return uiNames(value, path ? `${path}.${key}` : key);
  });
}
