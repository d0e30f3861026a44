import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ANY, BOOLEAN, DATE_TIME, INTEGER, NUMBER, nullable, objectOf, recordOf, STRING, TRANSLATIONS, type JsonSchema } from '../../common/answerSchemas.js';
import type { Codec, FieldDeclaration, RelationPick } from './declaration.js';

/**
 * The JSON Schema of a resource's records, derived from its declaration: a column's type and
 * nullability from the drizzle table, a relation's from the columns it picks, a count as an
 * integer. A computed field (or a relation still described in words) carries its own `schema`;
 * one without fails at start, so no answer goes out undescribed.
 */

type Fields = Readonly<Record<string, FieldDeclaration>>;

function columnNamed(table: PgTable, property: string, where: string): PgColumn {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[property];
  if (!column) throw new Error(`${where}: no column ${property}`);
  return column;
}

/** The schema of a column as stored: its JSON type, null allowed unless the column is not null. */
export function columnSchema(column: PgColumn): JsonSchema {
  const base = (() => {
    switch (column.dataType) {
      case 'number':
        return /Int|Serial/.test(column.columnType) ? INTEGER : NUMBER;
      case 'bigint':
        return INTEGER;
      case 'boolean':
        return BOOLEAN;
      case 'date':
        return DATE_TIME;
      case 'string':
        return column.columnType === 'PgDateString' ? { type: 'string', format: 'date' } : STRING;
      case 'json':
        return ANY;
      case 'array':
        return { type: 'array', items: /Int/.test(String((column as unknown as { baseColumn?: PgColumn }).baseColumn?.columnType)) ? INTEGER : ANY };
      default:
        return ANY;
    }
  })();
  return column.notNull ? base : nullable(base);
}

/** A column read through its codec. */
function codecSchema(column: PgColumn, codec: Codec): JsonSchema {
  switch (codec) {
    case 'translations':
      return TRANSLATIONS;
    case 'englishName':
      return STRING;
    case 'reference':
      return nullable(INTEGER);
    case 'lowercase':
      return nullable(STRING);
    case 'file':
      return nullable({ ...STRING, description: 'The URL of the stored file' });
    case 'flag':
      return { type: 'integer', enum: [0, 1] };
    case 'month':
      return nullable({ ...STRING, description: 'YYYY-MM' });
    case 'value':
      return columnSchema(column);
  }
}

function pickSchema(table: PgTable, pick: RelationPick, where: string): JsonSchema {
  return objectOf(
    Object.fromEntries(
      Object.entries(pick).map(([name, spec]) => {
        if (typeof spec !== 'string' && 'sql' in spec) return [name, spec.schema as JsonSchema];
        const { column, codec } = typeof spec === 'string' ? { column: spec, codec: 'value' as const } : spec;
        return [name, codecSchema(columnNamed(table, column, where), codec)];
      }),
    ),
  );
}

/** The schema of one field, as its declaration derives it (`table`: the resource's, holding its column fields). */
export function fieldSchema(table: PgTable, name: string, field: FieldDeclaration): JsonSchema {
  const where = `Field ${name}`;
  if (field.schema) return field.schema;
  if (field.column !== undefined) return codecSchema(columnNamed(table, field.column, where), field.codec ?? 'value');
  const relation = field.relation;
  if (relation && typeof relation === 'object') {
    if ('one' in relation) {
      if (relation.value !== undefined) {
        const spec = typeof relation.value === 'string' ? { column: relation.value, codec: 'value' as const } : relation.value;
        return nullable(codecSchema(columnNamed(relation.one, spec.column, where), spec.codec));
      }
      return nullable(pickSchema(relation.one, relation.pick ?? { id: 'id' }, where));
    }
    if ('list' in relation) return { type: 'array', items: pickSchema(relation.list, relation.pick, where) };
    if ('ids' in relation) return { type: 'array', items: INTEGER };
    if ('rows' in relation) return relation.keyed ? { type: 'object' } : { type: 'array', items: { type: 'object' } };
    if ('files' in relation) {
      const kind = relation.kind ? { [relation.kind.field]: INTEGER } : {};
      return { type: 'array', items: objectOf({ id: INTEGER, name: STRING, ...kind, full_path: STRING, size: INTEGER, mime: STRING }) };
    }
    return relation.none ? BOOLEAN : INTEGER;
  }
  throw new Error(`${where}: a computed field, or a relation described in words, declares its answer's \`schema\``);
}

/** The schema of a list row (`list`) or of the single record (`record`): exactly the fields returned there. */
export function recordSchema(table: PgTable, fields: Fields, where: 'list' | 'record'): JsonSchema {
  const returned = Object.entries(fields).filter(([, field]) => [where, 'both', undefined].includes(field.returned));
  return recordOf(Object.fromEntries(returned.map(([name, field]) => [name, fieldSchema(table, name, field)])));
}
