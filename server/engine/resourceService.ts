import { and, type SQL } from 'drizzle-orm';
import type { ApiRecord, ListQuery, Paged } from '../../common/api.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { Db } from '../db/client.js';
import { filterConditions, withDescendants } from '../db/repositories/engine/filterConditions.js';
import { MAX_INT_ID } from '../db/repositories/engine/resourceRepository.js';
import { compileFormValidator, type FormValidator } from '../definitions/formValidator.js';
import { HttpError, unprocessable, type FieldErrors } from '../http/errors.js';
import { acceptedBodyFields, writableFields, type FilterDeclaration, type ResourceSurface } from './declaration.js';
import type { FormRecords, RecordOptions, ResourceDefinition, StoredUpload } from './resourceTypes.js';
import type { RestoreOf } from './recordWrites.js';

/** The `message` of each successful write. */
export const RESOURCE_MESSAGES = {
  created: 'Added successfully to the database',
  updated: 'Updated successfully',
  deleted: 'Deleted successfully',
  fileDeleted: 'File deleted successfully',
} as const;

/** Which writes a resource allows: its screen's permissions, all false without a screen. */
interface ResourcePermissions {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

/** How a save may differ from a request's: the studio preview's (a draft's form, nothing kept). */
export interface SaveOptions {
  /** The form schema's validator to check the body with instead of the screen's in use. */
  validate?: FormValidator;
  /** Every rule and write run, then rolled back (recordWrites `dryRun`). */
  dryRun?: boolean;
  /** A restore from the record's history (server/engine/history/historyService.ts): checked against its version, linked to its revision. */
  restore?: RestoreOf;
  /** A create that brings a deleted record back under its own id. */
  recreate?: number;
  /**
   * An update of the record as read with changes to these fields (a bulk action's row): the body
   * is checked whole, and a store that writes them alone (`fieldsAlone`) writes only them, refused
   * with 409 if the record moved past the version read.
   */
  over?: { record: ApiRecord; changed: readonly string[] };
}

/** Every record a list's filters match: how many (counted once), then the records in the list's order, a batch at a time. */
interface RecordScan {
  total: number;
  batches(): AsyncGenerator<ApiRecord[]>;
}

/** A save's answer: its message, the record saved, what staff must know of a restore, and what the resource's `afterSave` adds (a sheet's `withNotification`). */
type SaveAnswer = { message: string; data: ApiRecord; notice?: string } & Readonly<Record<string, unknown>>;

/** The rules of one resource; routes only translate HTTP to these calls. */
export interface ResourceService {
  definition: ResourceDefinition;
  permissions: ResourcePermissions;
  /** One page, filtered by the declared parameters given (all must match). */
  list(query: ListQuery): Promise<Paged<ApiRecord>>;
  /**
   * Every record the query's filters match (its paging ignored), for an export or a bulk action:
   * `size` at a time in the list's order (its sort, then the id), each batch read on from where
   * the one before ended (keyset), so the last batch costs what the first does; the next batch is
   * read while the one given is used.
   */
  scan(query: ListQuery, size: number): Promise<RecordScan>;
  /** The records as the form reads them, `size` at a time, to measure a change of the form touching `fields` (the studio's impact). */
  formRecords(fields: ReadonlySet<string>, size: number): Promise<FormRecords>;
  /** The records of these ids that exist, by id, as `get` reads each. */
  getMany(ids: readonly number[]): Promise<Map<number, ApiRecord>>;
  /** One record by its path id; 404 when the id is unknown or is not an id. */
  get(rawId: string, options?: RecordOptions): Promise<ApiRecord>;
  /** Whether the record is within the rows the request's reader reaches (always, without a row condition; never, for a record gone). */
  reaches(id: number): Promise<boolean>;
  /** The condition of the rows the request's reader reaches, for a read of the list's own (a picker); undefined for every row. */
  rowsWithin(): Promise<SQL | undefined>;
  /**
   * What a save would refuse of a body before any database rule, as the save checks it (unknown
   * fields, trimming, the form schema: `validator`, else the screen's in use): the 422's errors,
   * or undefined when the body passes. The studio's impact check measures a change with it.
   */
  check(body: unknown, validator?: FormValidator): FieldErrors | undefined;
  /**
   * Creates (no id) or updates (id) from a request body through the one write path
   * (server/engine/recordWrites.ts): 404, 422 with dotted keys, or the saved record.
   */
  save(rawId: string | undefined, body: unknown, files?: StoredUpload[], options?: SaveOptions): Promise<SaveAnswer>;
  /** Deletes by path id: 404 when unknown, 409 when other rows still reference it. */
  remove(rawId: string): Promise<{ message: string }>;
  /** Empties one file field of a record and removes its file (custom stores with `fileDeletes`): 404 when unknown. */
  clearFile?(rawId: string, field: string): Promise<{ message: string; data: ApiRecord }>;
}

/** A path id: digits only, from 1 to the integer maximum; anything else is no id. */
export function parseId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_INT_ID ? id : undefined;
}

/** Every string of a JSON body trimmed, so a blank value counts as empty. */
export function trimStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimStrings);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trimStrings(item)]));
  return value;
}

/** The message of a body field a resource neither stores nor returns. */
const unknownFieldMessage = (field: string, label: string) => `The ${field} field is not accepted: ${label} records have no such field.`;

/**
 * The fields of a request body that a save writes: a field the resource neither stores nor returns
 * is refused with 422 naming it (never dropped silently); a returned read-only field (`id`, `name`,
 * a related record) is accepted and left out, so a client may send back what it read.
 */
function writableBody(surface: ResourceSurface, body: unknown): unknown {
  // Not an object (a string, a list): the form schema's validation says so, on `_`.
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body ?? {};
  const accepted = acceptedBodyFields(surface);
  const unknown = Object.keys(body).filter((key) => !accepted.has(key));
  if (unknown.length) throw unprocessable(Object.fromEntries(unknown.map((key) => [key, [unknownFieldMessage(key, surface.label)]])));
  const writable = new Set(writableFields(surface));
  return Object.fromEntries(Object.entries(body).filter(([key]) => writable.has(key)));
}

/**
 * A save's body as the save validates it: a field the resource neither stores nor returns refused
 * (writableBody), strings trimmed, then the form schema's 422 keyed by field. Returns the fields to write.
 */
export function validatedBody(surface: ResourceSurface, validate: FormValidator, body: unknown): unknown {
  const input = trimStrings(writableBody(surface, body));
  const errors = validate(input);
  if (errors) throw unprocessable(errors);
  return input;
}

/** `validatedBody`'s refusal as errors (undefined when it accepts the body). */
export function checkedBody(surface: ResourceSurface, validate: FormValidator, body: unknown): FieldErrors | undefined {
  try {
    validatedBody(surface, validate, body);
    return undefined;
  } catch (error) {
    if (error instanceof HttpError && error.errors) return error.errors;
    throw error;
  }
}

/** The where-condition of a list query's declared filters, tree filters widened to their descendants. */
export async function listCondition(db: Db, table: ResourceDefinition['table'], filters: Readonly<Record<string, FilterDeclaration>>, query: ListQuery) {
  const values: Record<string, unknown> = { ...query };
  for (const [param, filter] of Object.entries(filters)) {
    const ids = values[param];
    if (filter.tree && Array.isArray(ids) && ids.length) values[param] = await withDescendants(db, filter.tree, ids as number[]);
  }
  const conditions = filterConditions(table, filters, values);
  return conditions.length === 0 ? undefined : conditions.length === 1 ? conditions[0] : and(...conditions);
}

/** Resolves the screen of a writable resource and compiles its form schema; throws at boot on a mismatch. */
export function writeSetup(definition: ResourceDefinition, screens: ReadonlyMap<string, ScreenDefinition>, canWrite: boolean) {
  if (!definition.screen) return { permissions: { create: false, edit: false, delete: false }, validate: undefined };
  const screen = screens.get(definition.screen);
  if (!screen) throw new Error(`Resource ${definition.api}: no screen schemas/${definition.screen}.screen.json`);
  if (screen.api !== definition.api) throw new Error(`Resource ${definition.api}: schemas/${definition.screen}.screen.json has api "${screen.api}"`);
  const { create, edit, delete: remove } = screen.permissions;
  const permissions = { create, edit, delete: remove };
  if (!create && !edit) return { permissions, validate: undefined };
  if (!canWrite || !screen.form) throw new Error(`Resource ${definition.api}: writable screen without form schema or write mapping`);
  const name = definition.screen;
  validatorOf(screen.form.schema, name);
  // The screen in use when the save arrives: a published version replaces the map's entry.
  const validate: FormValidator = (data) => validatorOf((screens.get(name) ?? screen).form!.schema, name)(data);
  return { permissions, validate };
}

/** Each form schema's validator, compiled once (a published version brings a new schema object). */
const validators = new WeakMap<object, FormValidator>();

function validatorOf(schema: object, screen: string): FormValidator {
  let validator = validators.get(schema);
  if (!validator) {
    try {
      validator = compileFormValidator(schema);
    } catch (error) {
      throw new Error(`schemas/${screen}.screen.json: /form/schema ${(error as Error).message}`, { cause: error });
    }
    validators.set(schema, validator);
  }
  return validator;
}
