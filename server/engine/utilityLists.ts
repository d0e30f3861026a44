import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pickTranslation, type Translations } from '../../common/locales.js';
import { objectOf, STRING, type JsonSchema } from '../../common/answerSchemas.js';
import { columnSchema } from './recordSchemas.js';
import type { UtilityTable } from '../db/repositories/engine/utilityListRepository.js';
import {
  authorTypes,
  bookStatuses,
  contactTypes,
  demandStatuses,
  demandTypes,
  languages,
  locales,
  reporterStatuses,
  rightsStatuses,
} from '../db/schema/index.js';

/** One list of `GET admin/utilities/*`: its table and what each entry answers. */
export interface UtilityList {
  table: UtilityTable;
  /** The columns (by property name) each entry answers, in this order. */
  fields: readonly string[];
  /** Entries also answer `name`, the entry's `names` in the current language. */
  translatedName?: true;
}

/** A list whose fields are checked against its table's columns (a typo fails to compile). */
const list = <T extends UtilityTable>(
  table: T,
  fields: readonly (keyof T['_']['columns'] & string)[],
  options: { translatedName?: true } = {},
): UtilityList => ({
  table,
  fields,
  ...options,
});

/** The small fixed lists of `GET admin/utilities/*` (SPEC §7), each answered whole as `{ data: [...] }`, ordered by id. */
export const UTILITY_LISTS: Readonly<Record<string, UtilityList>> = {
  languages: list(languages, ['id', 'code', 'names'], { translatedName: true }),
  locales: list(locales, ['id', 'code', 'name']),
  'contact-types': list(contactTypes, ['id', 'label']),
  'reporter-statuses': list(reporterStatuses, ['id', 'name']),
  'demand-types': list(demandTypes, ['id', 'name']),
  'demand-statuses': list(demandStatuses, ['id', 'name', 'requiresCommentary']),
  'author-types': list(authorTypes, ['id', 'name']),
  'book-statuses': list(bookStatuses, ['id', 'label']),
  'rights-statuses': list(rightsStatuses, ['id', 'label']),
};

/** An entry as the API sends it: its fields, and `name` when the list translates its `names`. */
export const utilityEntry = (list: UtilityList, row: Record<string, unknown>): Record<string, unknown> =>
  list.translatedName ? { ...row, name: pickTranslation(row.names as Translations) } : row;

/** The fields of each entry of a list, as the screen check reads them. */
export function utilityFields(list: UtilityList): string[] {
  const columns = getTableColumns(list.table) as Record<string, PgColumn>;
  // Keyed as answered: by column name (`requiresCommentary` is `requires_commentary`).
  return [...list.fields.map((field) => columns[field]!.name), ...(list.translatedName ? ['name'] : [])];
}

/** The schema of an entry of a list: each column as stored (keyed by its column name, as answered), and `name` when translated. */
export function utilityEntrySchema(list: UtilityList): JsonSchema {
  const columns = getTableColumns(list.table) as Record<string, PgColumn>;
  const properties = Object.fromEntries(list.fields.map((field) => [columns[field]!.name, columnSchema(columns[field]!)]));
  return objectOf({ ...properties, ...(list.translatedName ? { name: STRING } : {}) });
}
