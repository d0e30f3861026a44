import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { columnOf } from '../db/repositories/engine/filterConditions.js';
import { type FilterDeclaration } from './filterDeclaration.js';
import { MAX_INT_ID } from '../db/repositories/engine/resourceRepository.js';
import { pagingQuerySchema } from '../http/paging.js';

/** Most values one list parameter takes (`genres[]=…` repeated). */
export const MAX_FILTER_VALUES = 200;

const isNumeric = (column: PgColumn) => column.dataType === 'number';

/** The JSON Schema of one declared parameter's value, typed by the op and the column it filters. */
function valueSchema(table: PgTable, filter: FilterDeclaration): object {
  const integer = { type: 'integer', minimum: filter.minimum ?? 1, maximum: filter.maximum ?? MAX_INT_ID };
  switch (filter.op) {
    case 'search':
    case 'fulltext':
      return { type: 'string', maxLength: 200 };
    case 'month':
      return { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' };
    case 'flag':
      return { type: 'integer', enum: [1, 2, 3] };
    case 'boolean':
      return { type: 'integer', enum: [0, 1] };
    case 'derived': {
      if (filter.derived.text) return { type: 'string', maxLength: 200 };
      const one = filter.derived.values ? { type: 'string', enum: filter.derived.values } : integer;
      return filter.many ? { type: 'array', items: one, maxItems: MAX_FILTER_VALUES } : one;
    }
    case 'atLeast':
      return integer;
    case 'overlaps':
      return { type: 'array', items: integer, maxItems: MAX_FILTER_VALUES };
    case 'in': {
      const one = typeof filter.column === 'string' && isNumeric(columnOf(table, filter.column)) ? integer : { type: 'string', maxLength: 200 };
      return filter.many ? { type: 'array', items: one, maxItems: MAX_FILTER_VALUES } : one;
    }
  }
}

/**
 * The querystring JSON Schema of a list: paging, each declared filter typed by its op and column,
 * and `extra` properties (the reading-sheet list's sort). Every property the list accepts is here:
 * `strictListQuery` (server/http/listQuery.ts) refuses any other.
 */
export function listQuerySchema(table: PgTable, filters: Readonly<Record<string, FilterDeclaration>>, extra: Record<string, object> = {}) {
  return {
    type: 'object',
    properties: {
      ...pagingQuerySchema,
      ...Object.fromEntries(Object.entries(filters).map(([param, filter]) => [param, valueSchema(table, filter)])),
      ...extra,
    },
  } as const;
}
