import { LOCALES, searchNormal, type Locale, type Translations } from '../../common/locales.js';
import type { Db } from '../db/client.js';
import { PG_ERRORS, pgErrorCode } from '../db/pgErrors.js';
import {
  batchDeclared,
  checkDeclaredReads,
  countDeclared,
  deleteDeclared,
  findDeclared,
  listDeclared,
  lockDeclared,
  writeDeclared,
  type IdTable,
} from '../db/repositories/engine/declaredRepository.js';
import { columnOf } from '../db/repositories/engine/filterConditions.js';
import { isFilesRelation, isIdsRelation, isRowsRelation, writableFields, type FieldDeclaration, type OneRelation, type OrderKey } from './declaration.js';
import { conflict, HttpError, unprocessable, type FieldErrors } from '../http/errors.js';
import { discardUploads } from '../uploads/receiveUploads.js';
import { checkReferences } from './referenceChecks.js';
import { readRelations, unknownRelationIds, writeRelations } from './writableRelations.js';
import { WRITE } from '../db/codecs.js';
import type { ResourceStore, StoreContext, WriteContext } from './resourceTypes.js';

type Fields = Readonly<Record<string, FieldDeclaration>>;
type Body = Record<string, unknown>;

/**
 * The rules of a resource that its declaration cannot say, each named for what it enforces. They
 * run inside the write's transaction; they throw 422 (`unprocessable`) or 409 (`conflict`).
 */
interface ResourceRules {
  /**
   * Before a create (`id` undefined) or an update, given the validated body's fields (a file
   * field holding the key the save would store: the new upload's, else the stored one): throws a
   * refusal, or returns the columns its rule writes (`writtenBy` fields, or a file column set to
   * null; undefined leaves one as is).
   */
  beforeSave?(db: Db, id: number | undefined, fields: Body, context: WriteContext): Promise<Body | void> | Body | void;
  /** After the write, in its transaction (e.g. a new password revokes the other sessions). */
  afterSave?(db: Db, id: number, fields: Body, context: WriteContext): Promise<void>;
  /** A unique index the write may break (two saves racing): its refusal, on a field, in the user's words. */
  unique?: { field: string; message: string };
  /** Before a delete: refuses one the record's use forbids. */
  beforeDelete?(db: Db, id: number, context: StoreContext): Promise<void>;
}

/** What a declared store is built from: the table, the fields, the search text and the rules. */
export interface DeclaredStoreOptions {
  table: IdTable;
  fields: Fields;
  /** The `searchText` column's value, from the written fields (absent: the table has none). */
  searchText?: (fields: Body) => string;
  rules?: ResourceRules;
  /** The list's order, by columns (by id when absent): `[{ column: 'date', desc: true }]` lists the newest first. */
  order?: readonly OrderKey[];
  /**
   * An optimistic lock: the field of the column counting the record's versions. An update locks
   * the row; one sent with another version than the stored one is refused with 409 `stale` and
   * writes nothing; each write moves the version on by one. A save without a version writes over.
   */
  version?: { field: string; stale: string };
}

/** The search text of some fields: their texts (every locale of a per-language map), joined and normalised. */
export const searchOf =
  (...names: string[]) =>
  (fields: Body): string =>
    searchNormal(
      names
        .flatMap((name) => {
          const value = fields[name];
          if (value && typeof value === 'object') return LOCALES.map((locale) => (value as Translations)[locale]);
          return [value];
        })
        .filter((text): text is string => typeof text === 'string' && text !== '')
        .join(' '),
    );

/** Runs a check, adding its 422 refusal's errors to `errors`; any other error is thrown. */
async function refusals(errors: FieldErrors, check: () => Promise<unknown>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) throw error;
    for (const [key, messages] of Object.entries(error.errors)) errors[key] = [...(errors[key] ?? []), ...messages];
  }
}

const isOne = (relation: unknown): relation is OneRelation => Boolean(relation && typeof relation === 'object' && 'one' in relation);

/**
 * The fields a declared store leaves to the engine's writable relations: sets of ids in link
 * tables and lists of items in tables of their own. A list of stored files is refused: its
 * uploads are the sheets' own store's (server/engine/fileLists.ts).
 */
function relationFields(fields: Fields): Fields {
  for (const [name, field] of Object.entries(fields))
    if (isFilesRelation(field.relation))
      throw new Error(
        `Field ${name}: a list of stored files is read and written by a store of its own (server/engine/fileLists.ts), not yet by a declared one`,
      );
  return Object.fromEntries(Object.entries(fields).filter(([, field]) => isIdsRelation(field.relation) || isRowsRelation(field.relation)));
}

/**
 * A store derived from a declaration: reads join what the relations declare; a save writes each
 * writable column field through its codec (an empty text in a nullable column is null), checks
 * that each id names a record of the related table its relation joins ('The selected … is
 * invalid.'), keeps the uploads of its file fields (removing the files they replace once the write
 * committed), moves the version lock on, keeps the search text, and runs the rules first, in the
 * write path's transaction.
 */
export function declaredStore({ table, fields: declared, searchText, rules, order, version }: DeclaredStoreOptions): ResourceStore {
  // Its sets of ids and lists of rows are the engine's (server/engine/writableRelations.ts): the
  // repository reads the rest, the store adds them to each record and writes those a body sends.
  const related = relationFields(declared);
  const fields = Object.fromEntries(Object.entries(declared).filter(([name]) => !(name in related))) as Fields;
  checkDeclaredReads(table, fields);
  const inList = Object.fromEntries(Object.entries(related).filter(([, field]) => [undefined, 'both', 'list'].includes(field.returned))) as Fields;
  const inRecord = Object.fromEntries(Object.entries(related).filter(([, field]) => [undefined, 'both', 'record'].includes(field.returned))) as Fields;
  const withRelations = async (db: Db, these: Fields, records: Body[]): Promise<Body[]> => {
    if (Object.keys(these).length === 0 || records.length === 0) return records;
    const read = await readRelations(
      db,
      these,
      records.map((record) => record.id as number),
    );
    return records.map((record) => Object.assign(record, read.get(record.id as number)));
  };
  const find = async (db: Db, id: number, options?: Parameters<typeof findDeclared>[4]) => {
    const record = await findDeclared(db, table, fields, id, options);
    return record && (await withRelations(db, inRecord, [record]))[0];
  };
  const writes = writableFields({ fields })
    .filter((name) => !fields[name]!.writtenBy && name !== version?.field)
    .map((name) => {
      const field = fields[name]!;
      const codec = field.codec ?? 'value';
      if (field.column === undefined || codec === 'englishName' || codec === 'file')
        throw new Error(`Field ${name}: a declared store writes only column fields (else a rule's code)`);
      const column = columnOf(table, field.column);
      const encode = WRITE[codec];
      return [name, field.column, (value: unknown) => (value === '' && !column.notNull ? null : encode(value))] as const;
    });
  const files = Object.entries(fields).flatMap(([name, field]) => (field.codec === 'file' && field.column ? [[name, field.column] as const] : []));
  const versionColumn = version && fields[version.field]?.column;
  if (version && !versionColumn) throw new Error(`Field ${version.field}: the version lock needs a column field`);
  // Each id column joined by a relation, or declaring the table it references, names a row of that table.
  const references = [
    ...Object.values(fields)
      .map((field) => field.relation)
      .filter(isOne)
      .map((relation) => [Object.entries(fields).find(([, field]) => field.column === relation.key)?.[0], relation.one as IdTable] as const),
    ...Object.entries(fields).flatMap(([name, field]) => (field.references ? [[name, field.references as IdTable] as const] : [])),
  ].filter((reference): reference is readonly [string, IdTable] => reference[0] !== undefined && writes.some(([name]) => name === reference[0]));
  const unique = [...new Map(references.map((reference) => [reference[0], reference])).values()];
  const stored = [...files.map(([, column]) => column), ...(versionColumn ? [versionColumn] : [])];

  return {
    async list(db, query) {
      const page = await listDeclared(db, table, fields, { ...query, order });
      return { ...page, rows: await withRelations(db, inList, page.rows) };
    },
    count: (db, where) => countDeclared(db, table, where),
    async batch(db, query) {
      const batch = await batchDeclared(db, table, fields, { ...query, order });
      return { ...batch, rows: await withRelations(db, inList, batch.rows) };
    },
    find,
    async save(tx, id, body, uploads, context) {
      // The row an update changes, locked: its stored files and version.
      const before = id === undefined || stored.length === 0 ? undefined : await lockDeclared(tx, table, id, stored);
      if (id !== undefined && stored.length > 0 && !before) throw unprocessable({ id: ['This record was deleted by someone else meanwhile.'] });
      if (version && before && body[version.field] !== undefined && before[versionColumn!] !== body[version.field]) throw conflict(version.stale);
      const upload = (name: string) => uploads.find((file) => file.field === name);
      const fileValues = Object.fromEntries(
        files.map(([name, column]) => [column, upload(name)?.key ?? (before?.[column] as string | null | undefined) ?? null]),
      );
      // The unknown ids and the rules' refusals, all reported at once; the rules see an unknown id as none.
      const errors: FieldErrors = {};
      await refusals(errors, () =>
        checkReferences(
          tx,
          unique.map(([name, related]) => [name, related, typeof body[name] === 'number' ? (body[name] as number) : null, fields[name]!.invalid]),
        ),
      );
      // The relations a body sends (one it leaves out stays as it is): their ids must name rows, their own rows be the record's.
      const sent = Object.fromEntries(Object.entries(related).filter(([name]) => body[name] !== undefined)) as Fields;
      await refusals(errors, async () => {
        const unknown = await unknownRelationIds(tx, sent, id, body);
        if (Object.keys(unknown).length > 0) throw unprocessable(unknown);
      });
      const known = Object.fromEntries(Object.keys(errors).map((name) => [name, null]));
      let ruled: Body = {};
      await refusals(errors, async () => {
        ruled =
          (await rules?.beforeSave?.(
            tx,
            id,
            { ...body, ...known, ...Object.fromEntries(files.map(([name, column]) => [name, fileValues[column]])) },
            context,
          )) ?? {};
      });
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      const values: Body = { ...Object.fromEntries(writes.map(([name, column, encode]) => [column, encode(body[name])])), ...fileValues };
      for (const [column, value] of Object.entries(ruled)) if (value !== undefined) values[column] = value;
      if (searchText) values.searchText = searchText(body);
      if (versionColumn && before) values[versionColumn] = (before[versionColumn] as number) + 1;
      if (id === undefined && context.recreate !== undefined) values.id = context.recreate;
      let written: number | undefined;
      try {
        written = await writeDeclared(tx, table, id, values);
      } catch (error) {
        // Two saves racing past the rule's own check: the index refuses the second.
        if (rules?.unique && pgErrorCode(error) === PG_ERRORS.uniqueViolation) throw unprocessable({ [rules.unique.field]: [rules.unique.message] });
        throw error;
      }
      // Deleted by someone else between the save's first read and its write.
      if (written === undefined) throw unprocessable({ id: ['This record was deleted by someone else meanwhile.'] });
      for (const [name, column] of files) {
        const file = upload(name);
        if (file && values[column] === file.key) await context.keepUploads(tx, [file.key]);
        else if (file) context.afterCommit(() => discardUploads(context, [file]));
        const replaced = before?.[column];
        if (typeof replaced === 'string' && replaced !== values[column]) context.afterCommit(() => context.storage.remove(replaced));
      }
      await writeRelations(tx, sent, written, body);
      await rules?.afterSave?.(tx, written, body, context);
      return (await find(tx, written, { lang: body.lang as Locale | undefined }))!;
    },
    async remove(tx, id, context) {
      await rules?.beforeDelete?.(tx, id, context);
      const before = files.length ? await lockDeclared(tx, table, id, stored) : undefined;
      if (!(await deleteDeclared(tx, table, id))) return false;
      for (const [, column] of files) {
        const key = before?.[column];
        if (typeof key === 'string' && key) context.afterCommit(() => context.storage.remove(key));
      }
      return true;
    },
    ...(files.length
      ? {
          async clearFile(tx, id, field, context) {
            const column = files.find(([name]) => name === field)?.[1];
            const before = column && (await lockDeclared(tx, table, id, [column]));
            if (!column || !before) return undefined;
            await writeDeclared(tx, table, id, { [column]: null });
            const key = before[column];
            if (typeof key === 'string' && key) context.afterCommit(() => context.storage.remove(key));
            return findDeclared(tx, table, fields, id);
          },
        }
      : {}),
  };
}
