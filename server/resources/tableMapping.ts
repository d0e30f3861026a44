import { pickTranslation, type Translations } from '../../common/locales.js';
import type { ApiRecord } from '../../common/api.js';
import type { ColumnValues } from '../db/repositories/resourceRepository.js';
import { writableFields, type Codec, type FieldDeclaration } from './declaration.js';
import { translationsOf } from './named.js';

/** Reads a column value as the API sends it. */
const READ: Record<Codec, (value: unknown) => unknown> = {
  value: (value) => value ?? null,
  translations: (value) => value ?? {},
  englishName: (value) => pickTranslation(value as Translations | null),
  reference: (value) => value ?? null,
  lowercase: (value) => value ?? null,
};

/** How a column value of codec `codec` is read into the API. */
export const readCodec = (codec: Codec) => READ[codec];

/** Writes a validated, trimmed body value as the column value. */
export const WRITE: Record<Exclude<Codec, 'englishName'>, (value: unknown) => unknown> = {
  value: (value) => value ?? null,
  translations: translationsOf,
  reference: (value) => (typeof value === 'number' ? value : null),
  lowercase: (value) => (typeof value === 'string' ? value.toLowerCase() : null),
};

/**
 * The row → record mapping of a plain table, derived from its field declarations: each returned
 * column field read through its codec. (Relations and computed fields need a store.)
 */
export function recordMapper(fields: Readonly<Record<string, FieldDeclaration>>, where: 'list' | 'record') {
  const read = Object.entries(fields)
    .filter(([, field]) => typeof field.column === 'string' && [where, 'both', undefined].includes(field.returned))
    .map(([name, field]) => [name, field.column!, READ[field.codec ?? 'value']] as const);
  return (row: ColumnValues): ApiRecord => Object.fromEntries(read.map(([name, column, codec]) => [name, codec(row[column])])) as ApiRecord;
}

/** The body → columns mapping of a plain table: each writable column field written through its codec. */
export function columnsMapper(fields: Readonly<Record<string, FieldDeclaration>>) {
  const write = writableFields({ fields }).map((name) => {
    const field = fields[name]!;
    const codec = field.codec ?? 'value';
    if (codec === 'englishName' || field.column === undefined) throw new Error(`Field ${name}: a plain table writes only column fields`);
    return [name, field.column, WRITE[codec]] as const;
  });
  return (body: Record<string, unknown>): ColumnValues => Object.fromEntries(write.map(([name, column, codec]) => [column, codec(body[name])]));
}
