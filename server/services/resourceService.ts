import { and } from 'drizzle-orm';
import type { ApiRecord, ListQuery, Paged } from '../../common/api.js';
import { LOCALES, pickTranslation, searchNormal, type Translations } from '../../common/locales.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { Db } from '../db/client.js';
import { isStillReferenced } from '../db/errors.js';
import { columnOf, filterConditions, withDescendants } from '../db/repositories/filterConditions.js';
import { findNamed, listNamed, namesByIds } from '../db/repositories/namedListRepository.js';
import { clashingNameLocales, deleteRecord, insertRecord, MAX_INT_ID, parentIdOf, updateRecord, type ColumnValues } from '../db/repositories/resourceRepository.js';
import { compileFormValidator, type FormValidator } from '../definitions/formValidator.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { paged, paging } from '../http/paging.js';
import { acceptedBodyFields, writableFields, type FilterDeclaration, type ResourceSurface } from '../resources/declaration.js';
import { columnsMapper, recordMapper } from '../resources/tableMapping.js';
import type { NamedResourceDefinition, RecordOptions, ResourceDefinition, StoredUpload } from '../resources/types.js';

/** The `message` of each successful write. */
export const RESOURCE_MESSAGES = {
  created: 'Added successfully to the database',
  updated: 'Updated successfully',
  deleted: 'Deleted successfully',
  fileDeleted: 'File deleted successfully',
} as const;

/** Which writes a resource allows: its screen's permissions, all false without a screen. */
export interface ResourcePermissions {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

/** The rules of one resource; routes only translate HTTP to these calls. */
export interface ResourceService {
  definition: ResourceDefinition;
  permissions: ResourcePermissions;
  /** One page, filtered by the declared parameters given (all must match). */
  list(query: ListQuery): Promise<Paged<ApiRecord>>;
  /** One record by its path id; 404 when the id is unknown or is not an id. */
  get(rawId: string, options?: RecordOptions): Promise<ApiRecord>;
  /** Creates (no id) or updates (id) from a request body: 404, 422 with dotted keys, or the saved record. */
  save(rawId: string | undefined, body: unknown, files?: StoredUpload[]): Promise<{ message: string; data: ApiRecord }>;
  /** Deletes by path id: 404 when unknown, 409 when other rows still reference it. */
  remove(rawId: string): Promise<{ message: string }>;
  /** Empties one file field of a record and removes its file (custom stores with `fileDeletes`): 404 when unknown. */
  clearFile?(rawId: string, field: string): Promise<{ message: string; data: ApiRecord }>;
}

/** The `search_text` of a record: every filled locale of `names`, in locale order, normalised. */
export function namesSearchText(names: Translations): string {
  return searchNormal(
    LOCALES.map((locale) => names[locale])
      .filter(Boolean)
      .join(' '),
  );
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
export const unknownFieldMessage = (field: string, label: string) => `The ${field} field is not accepted: ${label} records have no such field.`;

/**
 * The fields of a request body that a save writes: a field the resource neither stores nor returns
 * is refused with 422 naming it (never dropped silently); a returned read-only field (`id`, `name`,
 * a related record) is accepted and left out, so a client may send back what it read.
 */
export function writableBody(surface: ResourceSurface, body: unknown): unknown {
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

/** The service of a named list resource, its write rules taken from its screen definition. */
export function createNamedResourceService(db: Db, definition: NamedResourceDefinition, screens: ReadonlyMap<string, ScreenDefinition>): ResourceService {
  const { table, label } = definition;
  const { permissions, validate } = writeSetup(definition, screens, true);
  const toListItem = recordMapper(definition.fields, 'list');
  const toRecord = recordMapper(definition.fields, 'record');
  const toColumns = columnsMapper(definition.fields);
  const tree = definition.tree && { field: definition.tree.field, column: columnOf(table, String(definition.fields[definition.tree.field]?.column)) };
  const missing = () => notFound(label);

  /** The records with their parent's name (`tree.nameField`), the parents read once for all of them. */
  async function withParentNames(records: ApiRecord[]): Promise<ApiRecord[]> {
    const nameField = definition.tree?.nameField;
    if (!tree || !nameField) return records;
    const parentOf = (record: ApiRecord) => (typeof record[tree.field] === 'number' ? (record[tree.field] as number) : undefined);
    const names = await namesByIds(db, table as never, [...new Set(records.map(parentOf).filter((id): id is number => id !== undefined))]);
    return records.map((record) => {
      const parent = parentOf(record);
      return { ...record, [nameField]: parent === undefined ? null : pickTranslation(names.get(parent)) || null };
    });
  }

  async function find(rawId: string | undefined): Promise<ColumnValues> {
    const id = parseId(rawId);
    const row = id === undefined ? undefined : await findNamed(db, table, id);
    if (!row) throw missing();
    return row as ColumnValues;
  }

  /** A parent must exist, and a record cannot go under itself or one of its descendants. */
  async function checkParent(id: number | undefined, parent: unknown): Promise<void> {
    if (!tree || typeof parent !== 'number') return;
    const refuse = (message: string) => unprocessable({ [tree.field]: [message] });
    if ((await parentIdOf(db, table, tree.column, parent)) === undefined) throw refuse(`The selected ${tree.field.replace(/_/g, ' ')} is invalid.`);
    if (id === undefined) return;
    const seen = new Set<number>();
    for (let node: number | null | undefined = parent; typeof node === 'number' && !seen.has(node); node = await parentIdOf(db, table, tree.column, node)) {
      if (node === id) throw refuse(`A ${label.toLowerCase()} cannot be its own parent or be placed under one of its descendants.`);
      seen.add(node);
    }
  }

  /** Two records of one list (siblings, in a tree) cannot share a name in the same language. */
  async function checkUniqueNames(id: number | undefined, columns: ColumnValues): Promise<void> {
    const names = (columns.names ?? {}) as Translations;
    const parentId = tree ? (columns.parentId as number | null | undefined) : undefined;
    const clashes = await clashingNameLocales(db, table as never, names, { id, parentColumn: tree?.column, parentId });
    if (clashes.length === 0) return;
    const message = `A ${label.toLowerCase()} with this name already exists${tree ? ' at this level' : ''}.`;
    throw unprocessable(Object.fromEntries(clashes.map((locale) => [`names.${locale}`, [message]])));
  }

  async function write(id: number | undefined, validator: FormValidator, body: unknown) {
    const fields = validatedBody(definition, validator, body) as Record<string, unknown>;
    if (tree) await checkParent(id, fields[tree.field]);
    const columns = toColumns(fields);
    if (definition.uniqueNames) await checkUniqueNames(id, columns);
    const values = { ...columns, searchText: namesSearchText((columns.names ?? {}) as Translations) };
    const row = id === undefined ? await insertRecord(db, table, values) : await updateRecord(db, table, id, values);
    if (!row) throw missing();
    return toRecord(row);
  }

  return {
    definition,
    permissions,
    async list(query) {
      const page = paging(query);
      const where = await listCondition(db, table, definition.filters ?? {}, query);
      const { rows, total } = await listNamed(db, table, { where, paging: page });
      return paged(await withParentNames((rows as ColumnValues[]).map(toListItem)), total, page);
    },
    async get(rawId) {
      const [record] = await withParentNames([toRecord(await find(rawId))]);
      return record!;
    },
    async save(rawId, body) {
      const creating = rawId === undefined;
      if (!validate || !(creating ? permissions.create : permissions.edit)) throw missing();
      const id = creating ? undefined : ((await find(rawId)).id as number);
      const [data] = await withParentNames([await write(id, validate, body)]);
      return { message: creating ? RESOURCE_MESSAGES.created : RESOURCE_MESSAGES.updated, data: data! };
    },
    async remove(rawId) {
      if (!permissions.delete) throw missing();
      const id = parseId(rawId);
      try {
        if (id === undefined || !(await deleteRecord(db, table, id))) throw missing();
      } catch (error) {
        if (isStillReferenced(error)) throw conflict(definition.inUseMessage ?? `This ${label.toLowerCase()} is still in use and cannot be deleted.`);
        throw error;
      }
      return { message: RESOURCE_MESSAGES.deleted };
    },
  };
}
