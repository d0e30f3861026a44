import { LOCALES, searchNormal, type Translations } from '../../common/locales.js';
import type { Db } from '../db/client.js';
import { PG_ERRORS, pgErrorCode } from '../db/errors.js';
import { deleteDeclared, findDeclared, listDeclared, writeDeclared, type IdTable } from '../db/repositories/declaredRepository.js';
import { columnOf } from '../db/repositories/filterConditions.js';
import { writableFields, type FieldDeclaration, type OneRelation } from './declaration.js';
import { unprocessable } from '../http/errors.js';
import { checkReferences } from './directory.js';
import { WRITE } from './tableMapping.js';
import type { ResourceStore, StoreContext } from './types.js';

type Fields = Readonly<Record<string, FieldDeclaration>>;
type Body = Record<string, unknown>;

/**
 * The rules of a resource that its declaration cannot say, each named for what it enforces. They
 * run inside the write's transaction; they throw 422 (`unprocessable`) or 409 (`conflict`).
 */
export interface ResourceRules {
  /**
   * Before a create (`id` undefined) or an update, given the validated body's fields: throws a
   * refusal, or returns the columns its rule writes (`writtenBy` fields; undefined leaves one as is).
   */
  beforeSave?(db: Db, id: number | undefined, fields: Body, context: StoreContext): Promise<Body | void>;
  /** After the write, in its transaction (e.g. a new password revokes the other sessions). */
  afterSave?(db: Db, id: number, fields: Body, context: StoreContext): Promise<void>;
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

const isOne = (relation: unknown): relation is OneRelation => Boolean(relation && typeof relation === 'object' && 'one' in relation);

/**
 * A store derived from a declaration: reads join what the relations declare; a save writes each
 * writable column field through its codec (an empty text in a nullable column is null), checks
 * that each id names a record of the related table its relation joins ('The selected … is
 * invalid.'), keeps the search text, and runs the rules first, in the write path's transaction.
 */
export function declaredStore({ table, fields, searchText, rules }: DeclaredStoreOptions): ResourceStore {
  const writes = writableFields({ fields })
    .filter((name) => !fields[name]!.writtenBy)
    .map((name) => {
      const field = fields[name]!;
      const codec = field.codec ?? 'value';
      if (field.column === undefined || codec === 'englishName') throw new Error(`Field ${name}: a declared store writes only column fields (else a rule's code)`);
      const column = columnOf(table, field.column);
      const encode = WRITE[codec];
      return [name, field.column, (value: unknown) => (value === '' && !column.notNull ? null : encode(value))] as const;
    });
  // Each id column joined by a relation, or declaring the table it references, names a row of that table.
  const references = [
    ...Object.values(fields)
      .map((field) => field.relation)
      .filter(isOne)
      .map((relation) => [Object.entries(fields).find(([, field]) => field.column === relation.key)?.[0], relation.one as IdTable] as const),
    ...Object.entries(fields).flatMap(([name, field]) => (field.references ? [[name, field.references as IdTable] as const] : [])),
  ].filter((reference): reference is readonly [string, IdTable] => reference[0] !== undefined && writes.some(([name]) => name === reference[0]));
  const unique = [...new Map(references.map((reference) => [reference[0], reference])).values()];

  return {
    list: (db, query) => listDeclared(db, table, fields, query),
    find: (db, id) => findDeclared(db, table, fields, id),
    async save(tx, id, body, _files, context) {
      await checkReferences(
        tx,
        unique.map(([name, related]) => [name, related, typeof body[name] === 'number' ? (body[name] as number) : null]),
      );
      const ruled = (await rules?.beforeSave?.(tx, id, body, context)) ?? {};
      const values = Object.fromEntries(writes.map(([name, column, encode]) => [column, encode(body[name])]));
      for (const [column, value] of Object.entries(ruled)) if (value !== undefined) values[column] = value;
      if (searchText) values.searchText = searchText(body);
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
      await rules?.afterSave?.(tx, written, body, context);
      return (await findDeclared(tx, table, fields, written))!;
    },
    async remove(tx, id, context) {
      await rules?.beforeDelete?.(tx, id, context);
      return deleteDeclared(tx, table, id);
    },
  };
}
