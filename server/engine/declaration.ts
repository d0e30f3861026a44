import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FileRuleName } from '../../common/fileRules.js';
import type { Locale } from '../../common/locales.js';
import { isSecretField } from '../../common/recordChanges.js';
import type { Db } from '../db/client.js';
import type { FilterDeclaration } from './filterDeclaration.js';

export type { FilterDeclaration, FilterOp } from './filterDeclaration.js';

/**
 * The declaration of one resource's API surface, in data: what its records carry, what a body may
 * write, what its list returns and which query parameters it accepts. Everything else derives from
 * it: the list route's query schema and its SQL conditions, the mapping of a plain table
 * (`server/db/codecs.ts`), the refusal of unknown body fields and parameters, and the check that ties
 * each screen definition to what the server really does (`server/definitions/checkDefinitions.ts`).
 * docs/architecture.md draws the path of one field.
 */

/**
 * How a column's value crosses the API, for resources whose table the server maps itself:
 * - `value`: as stored (read and written as is, absent written as null);
 * - `translations`: a per-locale map (`{ en, fr, … }`), empty texts dropped on write, `{}` when null;
 * - `englishName`: read only, the English text of a per-locale map (else the first filled one);
 * - `reference`: an id or null (a foreign key);
 * - `lowercase`: a text stored in lower case (colours);
 * - `file`: the storage key of an uploaded file, answered as its URL; written only by an upload of
 *   the field (a declared store keeps it, and removes the file it replaces once the write committed);
 * - `flag`: 0 or 1 over a boolean column;
 * - `month`: 'YYYY-MM' over a date column holding the month's first day.
 */
export type Codec = 'value' | 'translations' | 'englishName' | 'reference' | 'lowercase' | 'file' | 'flag' | 'month';

/** Which answers carry a field: the list's rows, the single record, both, or neither (write-only). */
type Returned = 'list' | 'record' | 'both' | 'never';

/**
 * The columns a relation picks from its table, by API name: a column (drizzle property name),
 * read as stored, or with a codec (`{ column: 'names', codec: 'englishName' }` answers a name),
 * or an expression over the related table and its answer's JSON Schema (`{ sql: (users) => …, schema }`: a display name).
 */
export type RelationPick = Readonly<
  Record<string, string | { column: string; codec: Codec } | { sql: (table: PgTable) => SQL; schema: Record<string, unknown> }>
>;

/** One key of an order, by column (drizzle property name): ascending unless `desc`. */
export interface OrderKey {
  column: string;
  desc?: true;
}

/** What a record's read may ask besides its id: the language of its texts (`languageParam`). */
export interface ReadOptions {
  lang?: Locale;
}

/**
 * A related record, read by a join on a column of the resource's table (`key`, holding the
 * related id): `pick` answers `{ id, name }`-like objects (null without one); `value` answers one
 * column flat (the list's `company_name`).
 */
export interface OneRelation {
  one: PgTable;
  key: string;
  pick?: RelationPick;
  value?: string | { column: string; codec: Codec };
}

/**
 * The related records of this one, each picked as `pick`, by related id, each record once: the
 * rows of `list` whose column `by` holds this record's id, or those named by one or several link
 * tables (`through`: `from` holds this record's id, `to` the related id).
 */
export interface ListRelation {
  list: PgTable;
  by?: string;
  through?: readonly { table: PgTable; from: string; to: string }[];
  pick: RelationPick;
  /** The related records' order, by their columns (by related id when absent). */
  order?: readonly OrderKey[];
}

/** How many rows of `count` hold this record's id in their `column`; with `none`, true when there are none (`canBeDeleted`). */
export interface CountRelation {
  count: PgTable;
  column: string;
  none?: true;
}

/**
 * The ids of related records, held in a link table (`ids`: its column `from` holds this record's
 * id, `to` the related id), read as a list by id and written by a save as a set
 * (server/engine/idSets.ts): an id naming no row of `target` is refused at its index ('The
 * selected <label> does not exist.'). With `primary`, the link's boolean column `column` marks the
 * one the body's field `field` names (a sheet's primary genre among its genres).
 */
export interface IdsRelation {
  ids: PgTable;
  from: string;
  to: string;
  target: PgTable & { id: PgColumn };
  label: string;
  primary?: { field: string; column: string };
}

/**
 * The record's items in a table of their own, in the order a save sends them (`rows`: its column
 * `owner` holds this record's id, `position` an item's place), read in that order and written by a
 * save as sent, an absent list emptied (server/engine/rowLists.ts). Each item field is a column of
 * `rows` (`items`); `shows` adds, read-only, fields of the rows an item names (an author's `name`),
 * which a save ignores. Column names are drizzle property names of `rows`.
 */
export interface RowsRelation {
  rows: PgTable;
  owner: string;
  /** The column of an item's place; without one, items are read in the order of their first field. */
  position?: string;
  items: Readonly<Record<string, RowItem>>;
  shows?: RowShows;
  /**
   * The items are the record's own rows (a sheet's characters): each answers its row's `id`, and an
   * item a save sends with it is that row, kept and updated; the others are inserted, the rows left
   * out deleted. An id that is not one of the record's rows, or is sent twice, is refused at its
   * index ('This <what> is not on this reading sheet.', 'This <what> is listed twice.').
   */
  own?: { what: string; owner: string };
  /** Item fields worked out from its others when read (a character's `key`, from its id): a save ignores them, a revision leaves them out. */
  computes?: Readonly<Record<string, (item: Readonly<Record<string, unknown>>) => unknown>>;
  /**
   * The list crosses the API as an object: each item's `key` field names its `value` field
   * (a sheet's ratings, `{ potential: 3 }`).
   */
  keyed?: { key: string; value: string };
  /**
   * The links are another record's list (`position` is their place in the list of the record
   * `of` names: a reporter's sheets). A save adds a new link at the end of that list, keeps the
   * place of those it keeps, and leaves the links alone when the body leaves the field out. Read in
   * `order`.
   */
  linked?: { of: string; order: readonly { column: PgColumn; descending?: true }[] };
}

/** One field of a list's items: its column, what an item without it stores, how it crosses the API, what its id must name. */
interface RowItem {
  column?: string;
  /** Stored when an item leaves it out (null by default). */
  default?: string | number | boolean | Readonly<Record<string, never>>;
  /** A boolean column, 0 or 1 in the API. */
  flag?: true;
  /** The table whose id it holds: a save refuses one naming no row, at its index ('The selected <label> does not exist.'). */
  references?: { table: PgTable & { id: PgColumn }; label: string };
  /**
   * Instead of a column, the item's set of ids in a link table (`ids`: its column `from` holds the
   * item's row id, `to` the related id), read in id order; only on a list of `own` rows.
   */
  ids?: { ids: PgTable; from: string; to: string };
}

/** Fields an item shows of rows it names: tables joined in order, each on a column of `rows` or of a table before (`optional`: left-joined). */
interface RowShows {
  joins: readonly { table: PgTable; on: readonly [column: PgColumn, equals: PgColumn]; optional?: true }[];
  fields: Readonly<Record<string, PgColumn>>;
}

/**
 * The record's stored files in a table (a row a file: `owner` holds the record's id, `position`
 * its place; `kind` picks this list's rows when lists share the table), read in order as
 * `{ id, name, <kind field>, full_path, size, mime }` and added to by a save's uploads in the
 * multipart field `upload`, under the upload rule `rule` (common/fileRules.ts: a list holds at most
 * its `maxFiles`). A `single` list holds one file, which a new upload replaces. A save never
 * sends the list itself: it is read-only, and a file is deleted by its own call.
 * (server/engine/fileLists.ts)
 */
export interface FilesRelation {
  files: PgTable;
  owner: string;
  position: string;
  kind?: { field: string; column: string; value: number };
  upload: string;
  rule: FileRuleName;
  single?: true;
  /** A file's columns: its original name, storage key, size and type (drizzle property names). */
  stores: { name: string; key: string; size: string; mime: string };
}

/** A relation as data: the store derives its joins from it (server/db/repositories/engine/declaredRepository.ts). */
type RelationDeclaration = OneRelation | ListRelation | CountRelation | IdsRelation | RowsRelation | FilesRelation;

/** Whether a field's relation is a list of stored files. */
export const isFilesRelation = (relation: unknown): relation is FilesRelation => Boolean(relation && typeof relation === 'object' && 'files' in relation);

/** Whether a field's relation is a set of ids in a link table. */
export const isIdsRelation = (relation: unknown): relation is IdsRelation => Boolean(relation && typeof relation === 'object' && 'ids' in relation);

/** Whether a field's relation is a list of items in a table of their own. */
export const isRowsRelation = (relation: unknown): relation is RowsRelation => Boolean(relation && typeof relation === 'object' && 'rows' in relation);

/**
 * One field of a resource's records, by its API name. Exactly one source:
 * - `column`: a column of the resource's table (drizzle property name);
 * - `relation`: a related record, value, list or count, declared as data (`RelationDeclaration`);
 *   a resource whose store is still hand-written may describe it in words;
 * - `computed`: worked out by the resource's code, described in words; `compute` derives it from
 *   the record's other fields.
 */
export interface FieldDeclaration {
  column?: string;
  relation?: RelationDeclaration | string;
  computed?: string;
  compute?: (record: Readonly<Record<string, unknown>>) => unknown;
  /**
   * The JSON Schema of the field's answer, for a computed field or a relation described in words
   * (a column's and a declared relation's derive from the table: server/engine/recordSchemas.ts).
   */
  schema?: Record<string, unknown>;
  /** A computed value the database works out: this expression, selected with the record's columns. */
  sql?: SQL;
  /** A computed value the resource's code loads for records by id (absent from the map: null), in the language a record's read asks. */
  load?: (db: Db, ids: readonly number[], options: ReadOptions) => Promise<ReadonlyMap<number, unknown>>;
  /** How a plain table's column crosses the API (`value` by default). */
  codec?: Codec;
  /** Which answers carry it (`both` by default). */
  returned?: Returned;
  /** The table whose id a column field holds, when no relation joins it: a save checks the id names a row. */
  references?: PgTable;
  /** The refusal of an id that names no row of its related table ('The selected <field> is invalid.' by default). */
  invalid?: string;
  /**
   * A writable field whose column a rule of the resource writes (a password, hashed), described
   * in words: the declared store never copies its value as is.
   */
  writtenBy?: string;
  /**
   * A body may set it (default: a column other than `id` whose codec can be written; false for a
   * relation or a computed field). A field that is returned but not writable is accepted in a
   * body and ignored, so a client may send back what it read.
   */
  writable?: boolean;
  /**
   * What a revision of the record keeps of it (server/engine/history/recordHistory.ts). By default the
   * record's own data: its column fields (not `id`), listed relations and loaded values, as the
   * record carries them; never a joined record (its id column is kept), a count, a value derived
   * from the others (`compute`, `sql`) or a write-only field. `false` leaves out a field no staff
   * write changes (a login counter, a timestamp, the version lock); `perLanguage` keeps a loaded
   * value of each language (`languageParam`) as a per-language map; `files` keeps stored files (a
   * list of them, or one) as their names and sizes, never their content nor their keys. A field its
   * save writes (`writable: true`) and its record returns is its own data, kept too.
   */
  history?: false | 'perLanguage' | 'files';
  /**
   * A list of the record's own rows (a sheet's characters, its series): an item carries its row's
   * id, so that a save keeps the row; brought back from its history, an item whose row has gone
   * since is written anew (without its id).
   */
  ownRows?: true;
  /** Keys of each item of a list derived from its others (a character's `key`, from its id): a revision leaves them out. */
  derivedItemKeys?: readonly string[];
  /**
   * How a restore writes back a value the record carries but a body sets under other fields (the
   * users a reporter targets, carried as `{ id, fullname }`, written as `reporterUserIds`), given
   * the value to bring back and the record's value now.
   */
  writtenAs?: (value: unknown, current: unknown) => Record<string, unknown>;
}

/** The API surface of a resource, as the server serves it and the screen check reads it. */
export interface ResourceSurface {
  /** Path under `/api/admin/`. */
  api: string;
  /** Singular label used in messages: `Genre not found`. */
  label: string;
  /** The screen definition (`schemas/<screen>.screen.json`) whose form validates saves and whose permissions open the writes. */
  screen?: string;
  /**
   * A save sends the whole record: a field it leaves out is emptied (the sheet's, SPEC §7). So a
   * published version of its form keeps every field of the built-in one (server/screens/screenService.ts).
   */
  wholeSave?: true;
  fields: Readonly<Record<string, FieldDeclaration>>;
  /** The list's query parameters besides `page` and `perPage`. */
  filters?: Readonly<Record<string, FilterDeclaration>>;
  /**
   * The record (`GET {api}/{id}`) and the list take `lang` (en, fr, es, de, it; en when absent):
   * the language of the texts a record carries (a reporter's blocks). The list's rows carry no
   * such texts; it accepts `lang` because the screens send it with every call of the resource.
   */
  languageParam?: boolean;
  /**
   * Fields a save does not write but an action of their own does (a user's validation: `POST
   * admin/users/validate/{id}`); a bulk `set` of one goes through that action
   * (server/engine/bulk/bulkRows.ts), so a screen may declare it.
   */
  actionFields?: readonly string[];
}

/** The fields a bulk `set` may write on a resource's rows: those its save writes, and its action fields. */
export function settableFields(surface: ResourceSurface): string[] {
  return [...writableFields(surface), ...(surface.actionFields ?? [])];
}

/**
 * Whether a revision of a record keeps a field (`FieldDeclaration.history`; the history's view of
 * a record: server/engine/history/recordHistory.ts `historyFields`).
 */
export function keptByHistory(name: string, field: FieldDeclaration): boolean {
  if (name === 'id' || field.history === false || field.codec === 'englishName') return false;
  const returned = field.returned ?? 'both';
  if (returned !== 'both' && returned !== 'record') return false;
  if (field.column !== undefined || field.history === 'files' || field.writable === true) return true;
  if (field.relation !== undefined) return typeof field.relation === 'object' && 'list' in field.relation;
  return field.load !== undefined;
}

/**
 * The fields whose change a revision of a resource's records shows: those it keeps, and the body
 * fields a kept one is written as (a reporter's `reporterUserIds`, kept as `reporterUsers`).
 */
export function recordedFields(surface: Pick<ResourceSurface, 'fields'>): string[] {
  const kept = Object.entries(surface.fields).filter(([name, field]) => keptByHistory(name, field));
  const writtenAs = kept.flatMap(([, field]) => (field.writtenAs ? Object.keys(field.writtenAs(null, null)) : []));
  return [...new Set([...kept.map(([name]) => name), ...writtenAs])];
}

/**
 * Why a bulk `set` may not write a field, in staff's words after its name (undefined when it may):
 * a secret (a password, a hash, a token: the keys no revision keeps, `isSecretField`), which each
 * person sets for themselves; or a field no revision shows (not among `recorded`, the rows'
 * recorded fields; undefined when a revision keeps every field their save writes), whose change on
 * many rows could be neither seen nor undone.
 */
export function bulkTargetRefusal(field: string, recorded: readonly string[] | undefined): string | undefined {
  if (isSecretField(field)) return 'is a secret: a bulk action cannot set it (each person sets their own)';
  if (recorded && !recorded.includes(field))
    return 'leaves no revision in the record history: a bulk action cannot set it (its change on many rows could be neither seen nor undone)';
  return undefined;
}

const canWrite = (field: FieldDeclaration, name: string) =>
  field.writable ?? (field.column !== undefined && name !== 'id' && field.codec !== 'englishName' && field.codec !== 'file');

/** The fields a list row (`list`) or the single record (`record`) carries. */
export function returnedFields(surface: Pick<ResourceSurface, 'fields'>, where: 'list' | 'record'): string[] {
  return Object.entries(surface.fields)
    .filter(([, field]) => {
      const returned = field.returned ?? 'both';
      return returned === 'both' || returned === where;
    })
    .map(([name]) => name);
}

/** The fields a body may set. */
export function writableFields(surface: Pick<ResourceSurface, 'fields'>): string[] {
  return Object.entries(surface.fields)
    .filter(([name, field]) => canWrite(field, name))
    .map(([name]) => name);
}

/** The fields a body may carry: the writable ones and those the server returns (ignored). */
export function acceptedBodyFields(surface: Pick<ResourceSurface, 'fields'>): Set<string> {
  return new Set(
    Object.entries(surface.fields)
      .filter(([name, field]) => canWrite(field, name) || (field.returned ?? 'both') !== 'never')
      .map(([name]) => name),
  );
}

/** The query parameters a list accepts: paging and the declared filters. */
export function acceptedListParams(surface: Pick<ResourceSurface, 'filters' | 'languageParam'>, extra: readonly string[] = []): string[] {
  return ['page', 'perPage', ...Object.keys(surface.filters ?? {}), ...(surface.languageParam ? ['lang'] : []), ...extra];
}

/** The id, English name and per-locale names of every named list (genres, times, countries…), searched by `name`. */
export const NAMED_FIELDS = {
  id: { column: 'id' },
  name: { column: 'names', codec: 'englishName' },
  names: { column: 'names', codec: 'translations' },
} as const satisfies Record<string, FieldDeclaration>;

/** The `name` search of a table with a `search_text` column (every locale of its names, normalised). */
export const NAME_SEARCH = { name: { column: 'searchText', op: 'search' } } as const satisfies Record<string, FilterDeclaration>;
