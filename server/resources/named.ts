import { LOCALES, pickTranslation, type Translations } from '../../common/locales.js';
import type { NamedTable } from '../db/repositories/namedListRepository.js';
import type { ColumnValues } from '../db/repositories/resourceRepository.js';
import type { ApiRecord, ResourceDefinition } from './types.js';

/** The fields every named record sends: `{ id, name, names }`, name in English with fallback. */
export function namedApi(row: ColumnValues): ApiRecord {
  const names = (row.names ?? {}) as Translations;
  return { id: row.id as number, name: pickTranslation(names), names };
}

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

/** A `parent_id` body value as a column value (absent means top level). */
export function parentOf(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

/** A read-only list of translatable names (`GET admin/{api}` and `GET admin/{api}/{id}` only). */
export function readOnlyNamedList(api: string, label: string, table: NamedTable, screen?: string): ResourceDefinition {
  return { api, label, table, ...(screen ? { screen } : {}), toApi: namedApi };
}
