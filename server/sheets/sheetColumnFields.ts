import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { books } from '../db/schema/index.js';
import { readCodec, WRITE } from '../db/codecs.js';
import type { Codec, FieldDeclaration } from '../engine/declaration.js';
import { READING_SHEET_FIELDS } from '../resources/readingSheets.js';

/**
 * The reading sheet's fields that are columns of `books`: its declaration's column fields
 * (server/resources/readingSheets.ts `READING_SHEET_FIELDS`, one line each), with how each crosses
 * the API (its codec, server/db/codecs.ts: `translations`, `flag`, `month`, `value`). A field
 * added to the editor's schema, declared on one line and given its column and migration is saved
 * and read with nothing else to write.
 */
export interface SheetColumnField {
  /** The API name (`nb_pages`). */
  key: string;
  /** The drizzle property of `books` (`nbPages`). */
  column: string;
  codec: Codec;
}

function derive(): SheetColumnField[] {
  const columns = getTableColumns(books) as Record<string, PgColumn>;
  return Object.entries(READING_SHEET_FIELDS as Readonly<Record<string, FieldDeclaration>>).flatMap(([key, field]) => {
    if (key === 'id' || field.column === undefined) return [];
    const column = columns[field.column];
    if (!column)
      throw new Error(`server/resources/readingSheets.ts: ${key} is declared in column books.${field.column}, which server/db/schema/books.ts does not have`);
    const codec = field.codec ?? 'value';
    if (codec === 'flag' && column.dataType !== 'boolean')
      throw new Error(`server/resources/readingSheets.ts: ${key} is a flag, its column books.${field.column} is not a boolean`);
    if (codec === 'translations' && column.dataType !== 'json')
      throw new Error(`server/resources/readingSheets.ts: ${key} is a per-language map, its column books.${field.column} is not jsonb`);
    return [{ key, column: field.column, codec }];
  });
}

/** Every field of the sheet stored in a column of `books`, in its declaration's order. */
export const SHEET_COLUMN_FIELDS: readonly SheetColumnField[] = derive();

/** The per-language maps (`titles` … `movie_references`). */
export const SHEET_TRANSLATION_KEYS: readonly string[] = SHEET_COLUMN_FIELDS.filter((field) => field.codec === 'translations').map((field) => field.key);

/** Fields the save writes by its own rules (`writtenBy`): the version it checks, the statuses it defaults on a create. */
const WRITTEN_BY_THE_SAVE = new Set(
  SHEET_COLUMN_FIELDS.filter((field) => (READING_SHEET_FIELDS as Readonly<Record<string, FieldDeclaration>>)[field.key]!.writtenBy).map((field) => field.key),
);

/** The columns a save writes of these fields (the save's own rules write the version and the statuses). */
export function sheetColumnValues(sheet: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    SHEET_COLUMN_FIELDS.filter((field) => !WRITTEN_BY_THE_SAVE.has(field.key)).map(({ key, column, codec }) => [
      column,
      WRITE[codec as keyof typeof WRITE](sheet[key]),
    ]),
  );
}

/** These fields of a `books` row as the API answers them. */
export function sheetColumnAnswer(book: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(SHEET_COLUMN_FIELDS.map(({ key, column, codec }) => [key, readCodec(codec)(book[column])]));
}
