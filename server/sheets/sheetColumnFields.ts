import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Translations } from '../../common/locales.js';
import { books } from '../db/schema/index.js';
import { SHEET_SAVE_OPTIONS } from '../resources/readingSheets.js';
import readingSheetSchema from '../../schemas/books/readingSheet.schema.json' with { type: 'json' };

/**
 * The reading sheet's fields that are columns of `books`, as its form schema lists them
 * (schemas/books/readingSheet.schema.json): a property whose snake_case name is the name of a
 * column of `books` is stored there, every other one (the lists) in a table of its own. How each
 * crosses the API follows from the schema and the column:
 * - `translations`: a per-language map (`$ref: #/definitions/translations`), `{}` when empty;
 * - `flag`: 0 or 1 (`$ref: #/definitions/flag`) over a boolean column;
 * - `month`: 'YYYY-MM' over a date column holding the first day of the month;
 * - `value`: as stored, null when absent.
 * A per-language map or a plain field added to the schema and to `books` (its column and
 * migration) is saved and read with nothing else to write.
 */
type SheetColumnKind = 'translations' | 'flag' | 'month' | 'value';

export interface SheetColumnField {
  /** The API name (`nb_pages`). */
  key: string;
  /** The drizzle property of `books` (`nbPages`). */
  column: string;
  kind: SheetColumnKind;
}

/** Fields the save writes by its own rules: the version it checks, the statuses it defaults on a create. */
const WRITTEN_BY_THE_SAVE = new Set(['version', 'status_id', 'rights_status_id']);

const refOf = (schema: unknown) => (schema as { $ref?: string }).$ref;

function derive(): SheetColumnField[] {
  const columns = Object.entries(getTableColumns(books) as Record<string, PgColumn>);
  const byName = new Map(columns.map(([property, column]) => [column.name, [property, column] as const]));
  return Object.entries(readingSheetSchema.properties as Record<string, unknown>).flatMap(([key, schema]) => {
    if ((SHEET_SAVE_OPTIONS as readonly string[]).includes(key)) return [];
    const column = byName.get(key);
    if (!column) return [];
    const [property, pgColumn] = column;
    const ref = refOf(schema);
    const kind: SheetColumnKind =
      ref === '#/definitions/translations'
        ? 'translations'
        : ref === '#/definitions/flag'
          ? 'flag'
          : pgColumn.columnType === 'PgDateString'
            ? 'month'
            : 'value';
    if (kind === 'flag' && pgColumn.dataType !== 'boolean')
      throw new Error(`readingSheet.schema.json: ${key} is a flag, its column books.${key} is not a boolean`);
    if (kind === 'translations' && pgColumn.dataType !== 'json')
      throw new Error(`readingSheet.schema.json: ${key} is a per-language map, its column books.${key} is not jsonb`);
    return [{ key, column: property, kind }];
  });
}

/** Every field of the sheet stored in a column of `books`, in the schema's order. */
export const SHEET_COLUMN_FIELDS: readonly SheetColumnField[] = derive();

/** The per-language maps (`titles` … `movie_references`). */
export const SHEET_TRANSLATION_KEYS: readonly string[] = SHEET_COLUMN_FIELDS.filter((field) => field.kind === 'translations').map((field) => field.key);

/** How each kind of field goes from the API to its column (`write`) and back (`read`). */
const KINDS: Record<SheetColumnKind, { write(value: unknown): unknown; read(value: unknown): unknown }> = {
  translations: { write: (value) => (value as Translations | undefined) ?? {}, read: (value) => (value as Translations | null) ?? {} },
  flag: { write: (value) => value === 1, read: (value) => (value ? 1 : 0) },
  month: {
    write: (value) => (typeof value === 'string' && value ? `${value}-01` : null),
    read: (value) => (typeof value === 'string' ? value.slice(0, 7) : null),
  },
  value: { write: (value) => value ?? null, read: (value) => value ?? null },
};

/** The columns a save writes of these fields (the save's own rules write the version and the statuses). */
export function sheetColumnValues(sheet: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    SHEET_COLUMN_FIELDS.filter((field) => !WRITTEN_BY_THE_SAVE.has(field.key)).map(({ key, column, kind }) => [column, KINDS[kind].write(sheet[key])]),
  );
}

/** These fields of a `books` row as the API answers them. */
export function sheetColumnAnswer(book: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(SHEET_COLUMN_FIELDS.map(({ key, column, kind }) => [key, KINDS[kind].read(book[column])]));
}
