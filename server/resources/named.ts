import { LOCALES, type Translations } from '../../common/locales.js';
import type { NamedTable } from '../db/repositories/namedListRepository.js';
import { NAME_SEARCH, NAMED_FIELDS } from './declaration.js';
import type { NamedResourceDefinition } from './types.js';

/** A per-locale value from a validated body: the known locales with a non-empty text, in locale order. */
export function translationsOf(value: unknown): Translations {
  const source = (value ?? {}) as Record<string, unknown>;
  const result: Translations = {};
  for (const locale of LOCALES) {
    const text = source[locale];
    if (typeof text === 'string' && text !== '') result[locale] = text;
  }
  return result;
}

/** A read-only list of translatable names (`GET admin/{api}` and `GET admin/{api}/{id}` only), searched by `name`. */
export function readOnlyNamedList(api: string, label: string, table: NamedTable, screen?: string): NamedResourceDefinition {
  return { api, label, table, ...(screen ? { screen } : {}), fields: NAMED_FIELDS, filters: NAME_SEARCH };
}
