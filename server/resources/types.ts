import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FileRuleName } from '../../common/fileRules.js';
import type { Translations } from '../../common/locales.js';
import type { NamedTable } from '../db/repositories/namedListRepository.js';
import type { ColumnValues } from '../db/repositories/resourceRepository.js';
import type { Db } from '../db/client.js';
import type { Storage } from '../storage/Storage.js';

/** A record as the API sends it: id, the name in English (with fallback), names per locale, and more. */
export type ApiRecord = { id: number; name: string; names: Translations } & Record<string, unknown>;

/**
 * How one schema-driven resource of `admin/{api}` is stored and shown. The HTTP surface is generic
 * (server/routes/resourceRoutes.ts); what differs between resources is declared here.
 */
export interface NamedResourceDefinition {
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

/** Query of a custom store's list: paging plus the list's declared query parameters. */
export type StoreListQuery = { page: number; perPage: number; offset: number } & Record<string, unknown>;

/**
 * Persistence of a resource that is not a plain named list (joins, relations, write hooks):
 * the SQL lives in its repository, the service keeps the generic rules (404, 409, validation).
 */
export interface ResourceStore {
  list(db: Db, query: StoreListQuery): Promise<{ rows: Record<string, unknown>[]; total: number }>;
  find(db: Db, id: number): Promise<Record<string, unknown> | undefined>;
  /**
   * Writes a validated, trimmed body; returns the saved record as `find` would. Throw HttpError for
   * rule failures. The new `files` were stored by the route: on a throw the route removes them; a
   * file the save replaces is the store's to remove (`context.storage`), once the write succeeded.
   */
  save?(db: Db, id: number | undefined, body: Record<string, unknown>, files: StoredUpload[], context: StoreContext): Promise<Record<string, unknown>>;
  /** Deletes; false when no such record. Foreign-key refusals are thrown as is (409). Removes the record's files. */
  remove?(db: Db, id: number, context: StoreContext): Promise<boolean>;
  /**
   * Empties the file field `field` of record `id` (see `fileDeletes`) and removes its file; the
   * record as `find` shows it afterwards, or undefined when no such record.
   */
  clearFile?(db: Db, id: number, field: string, context: StoreContext): Promise<Record<string, unknown> | undefined>;
}

/** What a store may use besides the database: the file storage of the uploads. */
export interface StoreContext {
  storage: Storage;
}

/** A file the request uploaded and storage kept, handed to a store's save. */
export interface StoredUpload {
  field: string;
  key: string;
  originalName: string;
  size: number;
  mime: string;
}

/** A resource with its own store: directory, editorial and other business records. */
export interface CustomResourceDefinition {
  api: string;
  label: string;
  screen?: string;
  store: ResourceStore;
  /** JSON Schema properties of the list's extra query parameters (filters), besides page and perPage. */
  listQuery?: Record<string, object>;
  /** HTTP method of an update (`POST` by default; AI prompts use `PUT`). */
  updateMethod?: 'POST' | 'PUT';
  /**
   * Saves may arrive as multipart form data: file field name → upload rule (see server/uploads).
   * The text fields are read into the body by the form schema's types (server/http/multipartForm.ts).
   */
  uploads?: Record<string, FileRuleName>;
  /** Storage folder of this resource's uploads (`news` → keys `news/<yyyy>/<mm>/<uuid>.<ext>`); defaults to `api`. */
  uploadFolder?: string;
  /**
   * `DELETE {api}/{path}/:id` routes that empty one file field of a record (store's `clearFile`):
   * path → field, e.g. `{ 'news-image': 'image' }` for `DELETE admin/news/news-image/{news}`.
   */
  fileDeletes?: Record<string, string>;
  inUseMessage?: string;
}

/** Every resource served under `/api/admin/{api}`. */
export type ResourceDefinition = NamedResourceDefinition | CustomResourceDefinition;

export const isCustom = (definition: ResourceDefinition): definition is CustomResourceDefinition => 'store' in definition;
