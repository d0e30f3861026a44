import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/** One small fixed list of `GET admin/utilities/{name}`: its table, and whether entries carry `name` from their `names`. */
export interface UtilityList {
  table: PgTable & { id: PgColumn };
  /** Each entry also carries `name`: the English text of its `names`. */
  withName?: boolean;
}

/** The small fixed lists of `GET admin/utilities/*` (SPEC §7), each answered whole as `{ data: [...] }`, ordered by id. */
export const UTILITY_LISTS: Readonly<Record<string, UtilityList>> = {
  languages: { table: languages, withName: true },
  locales: { table: locales },
  'contact-types': { table: contactTypes },
  'reporter-statuses': { table: reporterStatuses },
  'demand-types': { table: demandTypes },
  'demand-statuses': { table: demandStatuses },
  'author-types': { table: authorTypes },
  'book-statuses': { table: bookStatuses },
  'rights-statuses': { table: rightsStatuses },
};

/** The fields of one entry of a utility list: its table's columns (as the rows are sent), and `name` when derived. */
export function utilityFields(list: UtilityList): string[] {
  return [...Object.keys(getTableColumns(list.table)), ...(list.withName ? ['name'] : [])];
}
