import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { searchNormal } from '../../../../common/locales.js';

/** A table with an id, translatable names and a search column (reference lists, countries, genres...). */
export type NamedTable = PgTable & { id: PgColumn; searchText: PgColumn };

/** Escapes LIKE wildcards in a user's search term. */
export function likePattern(term: string): string {
  return `%${searchNormal(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
