import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ApiRecord, ListQuery, Paged } from '../../common/api.js';
import type { Locale } from '../../common/locales.js';
import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import type { DeclaredPosition } from '../db/repositories/engine/declaredRepository.js';
import type { NamedTable } from '../db/repositories/engine/namedListRepository.js';
import type { Storage } from '../storage/Storage.js';
import type { PendingUploads } from '../uploads/PendingUploads.js';
import type { ResourceSurface } from './declaration.js';

/**
 * A resource stored in one named table (reference lists, countries, genres…): its records are
 * mapped from the table by its field declarations (`server/db/codecs.ts`), with no hand-written code.
 */
export interface NamedResourceDefinition extends ResourceSurface {
  /** The table; every such resource has `id`, `names` and `search_text`. */
  table: NamedTable;
  /** For parent_id trees: the body field holding the parent (a `reference` column field); a record cannot go under itself or one of its descendants. */
  tree?: { field: string };
  /** Names must differ from the other records' (among siblings in a tree), per locale: 422 on `names.<locale>`. */
  uniqueNames?: boolean;
  /** The 409 message when a record still in use is deleted. */
  inUseMessage?: string;
}

/** What a custom store's list gets: paging, and the conditions of the declared filters given (all must hold). */
interface StoreListQuery {
  page: number;
  perPage: number;
  offset: number;
  where: SQL | undefined;
}

/** What a store's batch of an export gets: the filters' conditions, where the batch before it ended (none for the first) and how many rows it takes. */
interface StoreBatchQuery {
  where: SQL | undefined;
  after: StorePosition | undefined;
  limit: number;
}

/** Where a batch of a list ended, in the list's order: the next batch starts after it. */
export type StorePosition = DeclaredPosition;

/**
 * Persistence of a resource that is not a plain named list (joins, relations, write hooks):
 * the SQL lives in its repository, the service keeps the generic rules (404, 409, validation).
 */
export interface ResourceStore {
  /**
   * A list the store reads by itself (its own projection, order and cursors: the reading sheets'
   * facets, at a million sheets) rather than by the declared filters over the definition's table:
   * the list's page and the scan of every record it matches (an export, a bulk action) are then
   * its own, and `list`, `count` and `batch` are not used.
   */
  query?: StoreQuery;
  list?(db: Db, query: StoreListQuery): Promise<{ rows: Record<string, unknown>[]; total: number }>;
  /** How many records the list's conditions match. */
  count?(db: Db, where: SQL | undefined): Promise<number>;
  /**
   * The rows of the list after a position, in its order, as `list` answers them, and the position
   * of the last one (undefined when none): the batches of an export, walked on by keyset.
   */
  batch?(db: Db, query: StoreBatchQuery): Promise<{ rows: Record<string, unknown>[]; last: StorePosition | undefined }>;
  /** Whether the record exists (one indexed read), when that costs less than `find`: an update's 404 comes first. */
  exists?(db: Db, id: number): Promise<boolean>;
  /** One record; `options.lang` is set when the declaration has `languageParam` (else absent). */
  find(db: Db, id: number, options?: RecordOptions): Promise<Record<string, unknown> | undefined>;
  /**
   * Writes a validated, trimmed body, in the transaction `tx` of the one write path
   * (server/engine/recordWrites.ts), which the store never opens itself; returns the saved record
   * as `find` would. Throw HttpError for rule failures. The new `files` were stored by the route
   * and are pending: the store keeps those the record refers to (`keepUploads`, in `tx`) and
   * discards the others after the commit (`afterCommit`). On a throw the route removes them all; a
   * file the save replaces is the store's to remove, after the commit.
   */
  save?(tx: Db, id: number | undefined, body: Record<string, unknown>, files: StoredUpload[], context: WriteContext): Promise<Record<string, unknown>>;
  /** Deletes, in the write path's transaction; false when no such record. Foreign-key refusals are thrown as is (409). Removes the record's files after the commit. */
  remove?(tx: Db, id: number, context: WriteContext): Promise<boolean>;
  /**
   * Empties the file field `field` of record `id` (see `fileDeletes`), in the write path's
   * transaction, and removes its file after the commit; the record as `find` shows it afterwards,
   * or undefined when no such record.
   */
  clearFile?(tx: Db, id: number, field: string, context: WriteContext): Promise<Record<string, unknown> | undefined>;
  /**
   * The records as the form reads them, `size` at a time, for measuring a change of the form (the
   * studio's impact), when the list's rows are not that (the reading sheets' list is a projection):
   * `fields` are the form's fields the change touches, so a store reads only what they need.
   * Without it, the records are the list's scan.
   */
  formRecords?(db: Db, fields: ReadonlySet<string>, size: number): Promise<FormRecords>;
  /** Several records at once, as `find` reads each (a bulk action's rows, a few dozen at a time): those that exist, by id. Without it, `find` for each. */
  findMany?(db: Db, ids: readonly number[]): Promise<Map<number, Record<string, unknown>>>;
  /**
   * Writes some fields of a record alone, without rewriting what else it holds (a bulk action's
   * change to columns of the sheet, not its lists), when every changed field is one of `fields`:
   * in the write path's transaction `tx`, the body validated whole, the record as read (its version)
   * given; refuses with 409 when the record moved past that version. Returns the changed fields as
   * `find` would read them, with the new version.
   */
  fieldsAlone?: {
    fields: ReadonlySet<string>;
    save(
      tx: Db,
      record: Readonly<Record<string, unknown>>,
      body: Record<string, unknown>,
      changed: readonly string[],
      context: WriteContext,
    ): Promise<Record<string, unknown>>;
  };
}

/** The records a form change is measured on: how many are stored, how many at most the store reads for it (its lists cost more), and the records a batch at a time. */
export interface FormRecords {
  total: number;
  limit?: number;
  batches(): AsyncGenerator<ApiRecord[]>;
}

/** A list a store reads by itself (`ResourceStore.query`), from the list's validated query. */
interface StoreQuery {
  /** One page of the list, as `GET admin/{api}` answers it (its `meta` may say more than the paging: cursors); only rows matching `within` too when given. */
  page(db: Db, query: ListQuery, within?: SQL): Promise<Paged<ApiRecord>>;
  /** Every record the query's filters match (its paging set aside), `size` at a time in the list's order; only rows matching `within` too when given. */
  scan(db: Db, query: ListQuery, size: number, within?: SQL): Promise<{ total: number; batches(): AsyncGenerator<ApiRecord[]> }>;
  /** The condition of rows matching any of these queries of the list's own filters (a reader's rows); undefined when one is every row. */
  rowsWhere(db: Db, conditions: readonly ListQuery[]): Promise<SQL | undefined>;
  /** Those of `ids` whose record matches `within`. */
  within(db: Db, ids: readonly number[], within: SQL): Promise<Set<number>>;
}

/** What a record read may ask besides the id: the language of its texts (`languageParam`). */
export interface RecordOptions {
  lang?: Locale;
}

/**
 * What a store's rules may use besides the database, handed over by the service layer
 * (server/compose/storeContext.ts), so that a declaration imports no service.
 */
export interface StoreContext {
  storage: Storage;
  pending: PendingUploads;
  /** Turns uploads into kept files, in the transaction that saves the record referring to them (409 when one expired). */
  keepUploads(tx: Db, keys: readonly string[]): Promise<void>;
  /** The stored hash of a password (argon2id). */
  hashPassword(password: string): Promise<string>;
  /** Cancels at the card payment provider the active subscription of a user about to be deleted (refusals as for a cancel). */
  cancelSubscriptionOf(db: Db, userId: number): Promise<void>;
  /** The hash of a password nobody knows (an administrator restored without theirs). */
  unknownPasswordHash(): Promise<string>;
  /** Mails an administrator a link to set their password, in the transaction `db` (server/auth/passwordLinks.ts). */
  mailPasswordLink(db: Db, administratorId: number, afterCommit: AfterCommit): Promise<void>;
  /** Whether this server sends e-mails (`SMTP_URL`); without, they wait in the outbox. */
  mailConfigured: boolean;
}

/** Work to do once a write committed (removing a replaced file): a failure is logged, never the write's. */
export type AfterCommit = (task: () => Promise<unknown>) => void;

/** What a store's write may use: the store context, and the work its commit is to be followed by. */
export interface WriteContext extends StoreContext {
  afterCommit: AfterCommit;
  /** A create bringing a deleted record back: the id it had (a restore from its history). */
  recreate?: number;
}

/** A file the request uploaded and storage kept, handed to a store's save. */
export interface StoredUpload {
  field: string;
  key: string;
  originalName: string;
  size: number;
  mime: string;
}

/**
 * A resource with its own store (directory, editorial and other business records): real rules
 * (passwords, has_address, files, joins) in code, the same declaration of fields and filters.
 */
export interface CustomResourceDefinition extends ResourceSurface {
  /** The table its list's filters apply to (the store's main table). */
  table: PgTable;
  store: ResourceStore;
  inUseMessage?: string;
  /** The message of a successful create or update, when not the generic ones ('Added successfully to the database', 'Updated successfully'). */
  savedMessage?: string;
  /**
   * What staff must know once a deleted record is brought back from its history (an administrator
   * comes back without a password): said after the restore's own message.
   */
  recreatedNotice?(record: Record<string, unknown>, context: StoreContext): string;
  /** The rules of a body its form schema cannot express (an author only once on a sheet), checked with it: errors by dotted key. */
  bodyRules?(body: Readonly<Record<string, unknown>>): FieldErrors | undefined;
  /**
   * A JSON body is read as its multipart form would be (server/http/multipartForm.ts
   * `normalizeJsonForm`: texts trimmed, empty values left out, 0/1 flags): the reading sheet's
   * saves, whatever sends them (the editor, a restore, a bulk action).
   */
  formBody?: true;
  /** Its routes are its own (the reading sheets' editor API, SPEC §7), not the generic ones of server/routes/resourceRoutes.ts. */
  ownRoutes?: true;
  /**
   * What follows a committed save (never a dry run's), and what the answer says of it: its message
   * instead of the generic one, and fields beside `data` (the followers' notification of a sheet).
   * A failure here is the resource's to report: the save is committed.
   */
  afterSave?(saved: SavedRecord, context: StoreContext): Promise<{ message?: string; answer?: Readonly<Record<string, unknown>> }>;
}

/** A save that committed: the record as its store answered it, the body it wrote, and whether it created the record. */
interface SavedRecord {
  record: Record<string, unknown>;
  body: Readonly<Record<string, unknown>>;
  created: boolean;
}

/** Every resource served under `/api/admin/{api}`. */
export type ResourceDefinition = NamedResourceDefinition | CustomResourceDefinition;

export const isCustom = (definition: ResourceDefinition): definition is CustomResourceDefinition => 'store' in definition;
