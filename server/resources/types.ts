import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Translations } from '../../common/locales.js';
import type { NamedTable } from '../db/repositories/namedListRepository.js';
import type { ColumnValues } from '../db/repositories/resourceRepository.js';

/** A record as the API sends it: id, the name in English (with fallback), names per locale, and more. */
export type ApiRecord = { id: number; name: string; names: Translations } & Record<string, unknown>;

/**
 * How one schema-driven resource of `admin/{api}` is stored and shown. The HTTP surface is generic
 * (server/routes/resourceRoutes.ts); what differs between resources is declared here.
 */
export interface ResourceDefinition {
  /** Path under `/api/admin/`; for a resource with a screen, the screen's `api`. */
  api: string;
  /** Singular label used in messages: `${label} not found`. */
  label: string;
  /** The table; every resource has `id`, `names` and `search_text`. */
  table: NamedTable;
  /**
   * Resource name of the screen (`schemas/<screen>.screen.json`) whose `form.schema` validates
   * saves and whose `permissions` open the POST and DELETE routes. Without one: read-only list.
   */
  screen?: string;
  /** A stored row (drizzle property names) as the API sends it. */
  toApi(row: ColumnValues): ApiRecord;
  /** A validated, trimmed request body as the columns to write (search text excluded). Needed to write. */
  toColumns?(body: Record<string, unknown>): ColumnValues;
  /** For parent_id trees: the parent column, and the body field reported on errors. */
  tree?: { column: PgColumn; field: string };
  /** Names must differ from the other records' (among siblings in a tree), per locale: 422 on `names.<locale>`. */
  uniqueNames?: boolean;
  /** The 409 message when a record still in use is deleted. */
  inUseMessage?: string;
}
