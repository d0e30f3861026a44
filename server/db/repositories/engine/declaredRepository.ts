import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Codec, CountRelation, FieldDeclaration, ListRelation, OneRelation, OrderKey, ReadOptions, RelationPick } from '../../../engine/declaration.js';
import { readCodec } from '../../codecs.js';
import type { Db } from '../../client.js';
import { columnOf, tableName } from './filterConditions.js';

/**
 * The SQL of a resource whose records derive from its declaration (`fields` over its drizzle
 * table): one select with a left join per related record and a subquery per count, a second query
 * per listed relation, and plain writes. What a field answers is its declaration's: nothing here
 * names a resource.
 */

type Fields = Readonly<Record<string, FieldDeclaration>>;
type Row = Record<string, unknown>;
/** A table with a serial `id`, as every declared resource has. */
export type IdTable = PgTable & { id: PgColumn };

const isOne = (relation: unknown): relation is OneRelation => Boolean(relation && typeof relation === 'object' && 'one' in relation);
const isList = (relation: unknown): relation is ListRelation => Boolean(relation && typeof relation === 'object' && 'list' in relation);
const isCount = (relation: unknown): relation is CountRelation => Boolean(relation && typeof relation === 'object' && 'count' in relation);
type Pick = { column: string; codec: Codec } | { sql: (table: PgTable) => SQL; schema: object };
const pickEntries = (pick: RelationPick) =>
  Object.entries(pick).map(([name, spec]): readonly [string, Pick] => [name, typeof spec === 'string' ? { column: spec, codec: 'value' } : spec]);
/** A picked column or expression of `table`, and how its value is read. */
const picked = (table: PgTable, spec: Pick): [PgColumn | SQL, (value: unknown) => unknown] =>
  'sql' in spec ? [spec.sql(table), (value) => value ?? null] : [columnOf(table, spec.column), readCodec(spec.codec)];
/** An order's SQL over `table`. */
const orderOf = (table: PgTable, order: readonly OrderKey[]) =>
  order.map((key) => (key.desc ? desc(columnOf(table, key.column)) : asc(columnOf(table, key.column))));
const returnedIn = (field: FieldDeclaration, where: 'list' | 'record') => [where, 'both', undefined].includes(field.returned);

/** A read of declared records: the select's columns, its joins, and the mapping of a selected row. */
interface ReadPlan {
  selection: Record<string, PgColumn | SQL>;
  joins: { table: PgTable; on: SQL }[];
  toRecord(row: Row): Row;
  lists: [name: string, relation: ListRelation][];
  loads: [name: string, load: NonNullable<FieldDeclaration['load']>][];
  computed: [name: string, compute: NonNullable<FieldDeclaration['compute']>][];
  /** Columns read for the computed fields only. */
  hidden: string[];
}

/** The plans of each table's declaration (one declaration, such as the named lists' fields, may serve several tables). */
const plans = new WeakMap<IdTable, WeakMap<Fields, Record<'list' | 'record', ReadPlan>>>();

function readPlan(table: IdTable, fields: Fields, where: 'list' | 'record'): ReadPlan {
  const ofTable = plans.get(table) ?? plans.set(table, new WeakMap()).get(table)!;
  let cached = ofTable.get(fields);
  if (!cached) {
    cached = { list: buildPlan(table, fields, 'list'), record: buildPlan(table, fields, 'record') };
    ofTable.set(fields, cached);
  }
  return cached[where];
}

/** Throws, naming the field, when the declaration says something the declared reads cannot serve (a declared store checks it when it is made: at start). */
export function checkDeclaredReads(table: IdTable, fields: Fields): void {
  readPlan(table, fields, 'record');
}

function buildPlan(table: IdTable, fields: Fields, where: 'list' | 'record'): ReadPlan {
  const selection: ReadPlan['selection'] = { id: table.id };
  const joins: ReadPlan['joins'] = [];
  const readers: ((row: Row) => [string, unknown])[] = [];
  const lists: ReadPlan['lists'] = [];
  const loads: ReadPlan['loads'] = [];
  const computed: ReadPlan['computed'] = [];
  const hidden: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    // A column not returned here is still read, for the computed fields (stripped after them).
    if (!returnedIn(field, where) && (field.column === undefined || field.returned === 'never')) continue;
    if (!returnedIn(field, where)) hidden.push(name);
    if (field.column !== undefined) {
      const key = `c_${name}`;
      selection[key] = columnOf(table, field.column);
      const read = readCodec(field.codec ?? 'value');
      readers.push((row) => [name, read(row[key])]);
    } else if (isOne(field.relation)) {
      const relation = field.relation;
      const joined = alias(relation.one as IdTable, `r_${name}`) as unknown as IdTable;
      joins.push({ table: joined, on: eq(columnOf(joined, 'id'), columnOf(table, relation.key)) });
      const presence = `r_${name}_id`;
      selection[presence] = columnOf(joined, 'id');
      if (relation.value !== undefined) {
        const spec = typeof relation.value === 'string' ? { column: relation.value, codec: 'value' as const } : relation.value;
        const key = `r_${name}_value`;
        selection[key] = columnOf(joined, spec.column);
        const read = readCodec(spec.codec);
        readers.push((row) => [name, row[presence] === null ? null : read(row[key])]);
      } else {
        const picks = pickEntries(relation.pick ?? { id: 'id' }).map(([pick, spec]) => {
          const key = `r_${name}_${pick}`;
          const [selected, read] = picked(joined, spec);
          selection[key] = selected;
          return [pick, key, read] as const;
        });
        readers.push((row) => [name, row[presence] === null ? null : Object.fromEntries(picks.map(([pick, key, read]) => [pick, read(row[key])]))]);
      }
    } else if (isCount(field.relation)) {
      const key = `n_${name}`;
      const { count: counted, column, none } = field.relation;
      selection[key] = none
        ? sql<boolean>`not exists (select 1 from ${counted} where ${columnOf(counted, column)} = ${table.id})`
        : sql<number>`(select count(*) from ${counted} where ${columnOf(counted, column)} = ${table.id})`.mapWith(Number);
      readers.push((row) => [name, row[key]]);
    } else if (isList(field.relation)) {
      lists.push([name, field.relation]);
    } else if (field.relation && typeof field.relation === 'object' && 'ids' in field.relation) {
      // Said loudly rather than left unread: a custom store reads and writes its id sets (server/engine/idSets.ts).
      throw new Error(
        `${tableName(table)}.${name}: a set of ids in a link table is read and written by a custom store (server/engine/idSets.ts), not yet by a declared one`,
      );
    } else if (field.relation && typeof field.relation === 'object' && 'rows' in field.relation) {
      throw new Error(
        `${tableName(table)}.${name}: a list of items in a table of their own is read and written by a custom store (server/engine/rowLists.ts), not yet by a declared one`,
      );
    } else if (field.relation && typeof field.relation === 'object' && 'files' in field.relation) {
      throw new Error(
        `${tableName(table)}.${name}: a list of stored files is read and written by a custom store (server/engine/fileLists.ts), not yet by a declared one`,
      );
    } else if (field.sql) {
      const key = `s_${name}`;
      selection[key] = field.sql;
      readers.push((row) => [name, row[key] ?? null]);
    } else if (field.load) {
      loads.push([name, field.load]);
    } else if (field.compute) {
      computed.push([name, field.compute]);
    } else {
      throw new Error(`${tableName(table)}.${name}: a declared store needs a column, a relation as data or a compute function`);
    }
  }
  const toRecord = (row: Row) => Object.fromEntries(readers.map((read) => read(row)));
  return { selection, joins, toRecord, lists, loads, computed, hidden };
}

/** The select of a plan's columns (and `extra` ones) from the table, with its joins. */
function selectFrom(db: Db, table: IdTable, plan: ReadPlan, extra: Record<string, SQL> = {}) {
  let query = db
    .select({ ...plan.selection, ...extra })
    .from(table)
    .$dynamic();
  for (const join of plan.joins) query = query.leftJoin(join.table, join.on);
  return query;
}

/** The listed relations of `records` (by id), each a list of picked records in the relation's order, and the loaded values. */
async function withLists(db: Db, plan: ReadPlan, records: Row[], options: ReadOptions): Promise<Row[]> {
  if (records.length === 0 || (plan.lists.length === 0 && plan.loads.length === 0)) return records;
  const ids = records.map((record) => record.id as number);
  for (const [name, relation] of plan.lists) {
    const related = relation.list as IdTable;
    const picks = pickEntries(relation.pick).map(([pick, spec]) => [pick, ...picked(related, spec)] as const);
    const order = [...orderOf(related, relation.order ?? []), asc(related.id)];
    const byOwner = new Map<number, Map<number, Row>>();
    const selected = Object.fromEntries(picks.map(([pick, column]) => [`p_${pick}`, column]));
    const queries = relation.by
      ? [
          db
            .select({ owner: columnOf(related, relation.by), relatedId: related.id, ...selected })
            .from(related)
            .where(inArray(columnOf(related, relation.by), ids))
            .orderBy(...order),
        ]
      : (relation.through ?? []).map((link) => {
          const owner = columnOf(link.table, link.from);
          return db
            .select({ owner, relatedId: related.id, ...selected })
            .from(link.table)
            .innerJoin(related, eq(related.id, columnOf(link.table, link.to)))
            .where(inArray(owner, ids))
            .orderBy(...order);
        });
    for (const query of queries) {
      const rows = await query;
      for (const row of rows as Row[]) {
        const owned = byOwner.get(row.owner as number) ?? new Map<number, Row>();
        owned.set(row.relatedId as number, Object.fromEntries(picks.map(([pick, , read]) => [pick, read(row[`p_${pick}`])])));
        byOwner.set(row.owner as number, owned);
      }
    }
    for (const record of records) {
      const owned = byOwner.get(record.id as number);
      // In the rows' order (a map keeps its insertion order), each related record once; several link tables by related id.
      const items = owned ? [...owned.entries()] : [];
      if (!relation.order) items.sort(([a], [b]) => a - b);
      record[name] = items.map(([, item]) => item);
    }
  }
  for (const [name, load] of plan.loads) {
    const values = await load(db, ids, options);
    for (const record of records) record[name] = values.get(record.id as number) ?? null;
  }
  return records;
}

function finished(plan: ReadPlan, records: Row[]): Row[] {
  for (const record of records) {
    for (const [name, compute] of plan.computed) record[name] = compute(record);
    for (const name of plan.hidden) delete record[name];
  }
  return records;
}

/** One page of declared records matching `where`, in `order` (by id when absent), and the total. */
export async function listDeclared(
  db: Db,
  table: IdTable,
  fields: Fields,
  options: { where: SQL | undefined; perPage: number; offset: number; order?: readonly OrderKey[] },
): Promise<{ rows: Row[]; total: number }> {
  const plan = readPlan(table, fields, 'list');
  const order = [...orderOf(table, options.order ?? []), ...(options.order?.some((key) => key.column === 'id') ? [] : [asc(table.id)])];
  const rows = await selectFrom(db, table, plan)
    .where(options.where)
    .orderBy(...order)
    .limit(options.perPage)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(table).where(options.where);
  const records = await withLists(db, plan, (rows as Row[]).map(plan.toRecord), {});
  return { rows: finished(plan, records), total: total?.value ?? 0 };
}

/** How many declared records match `where`. */
export async function countDeclared(db: Db, table: IdTable, where: SQL | undefined): Promise<number> {
  const [total] = await db.select({ value: count() }).from(table).where(where);
  return total?.value ?? 0;
}

/** Those of `ids` whose record matches `where` (a reader's rows: docs/permissions.md). */
export async function matchingIds(db: Db, table: IdTable, ids: readonly number[], where: SQL): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, [...ids]), where));
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Where a batch of declared records ended: its last record's value of each key of the order (the
 * list's order, then the id), as text, so that nothing is lost on the way (a timestamp's
 * microseconds); null for a null value.
 */
export type DeclaredPosition = readonly (string | null)[];

/** The keys a list is ordered by: its order, then the id unless the order names it (the tie-breaker that makes each position unique). */
const orderKeys = (order: readonly OrderKey[] = []): readonly OrderKey[] => [...order, ...(order.some((key) => key.column === 'id') ? [] : [{ column: 'id' }])];

/**
 * The rows after `position` in the order of `keys` (PostgreSQL's: nulls last ascending, first
 * descending): those beyond it on the first key, or equal on it and beyond it on the next, and so
 * on. The first key's bound is repeated on its own, so that an index of that column starts the
 * scan at the position rather than at the list's start.
 */
function afterPosition(table: IdTable, keys: readonly OrderKey[], position: DeclaredPosition): SQL | undefined {
  const columns = keys.map((key) => columnOf(table, key.column));
  const equal = (index: number) => (position[index] === null ? isNull(columns[index]!) : sql`${columns[index]} = ${position[index]}`);
  const beyond = (index: number): SQL | undefined => {
    const column = columns[index]!;
    const value = position[index];
    if (keys[index]!.desc) return value === null ? isNotNull(column) : sql`${column} < ${value}`;
    if (value === null) return undefined;
    return column.notNull ? sql`${column} > ${value}` : or(sql`${column} > ${value}`, isNull(column));
  };
  const branches = keys.flatMap((_, index) => {
    const step = beyond(index);
    return step ? [and(...keys.slice(0, index).map((__, before) => equal(before)), step)!] : [];
  });
  const first = position[0];
  const start =
    columns[0]!.notNull && first !== null && first !== undefined
      ? keys[0]!.desc
        ? sql`${columns[0]} <= ${first}`
        : sql`${columns[0]} >= ${first}`
      : undefined;
  // Past the last possible position nothing follows.
  return and(start, branches.length ? or(...branches) : sql`false`);
}

/**
 * One batch of declared records matching `where`, in `order` then by id (the list's order,
 * `listDeclared`'s), the `limit` records after `after` (from the first without): keyset paging,
 * so that the thousandth batch costs what the first does. Answers the records as the list does and
 * the position of the last one (undefined when the batch is empty).
 */
export async function batchDeclared(
  db: Db,
  table: IdTable,
  fields: Fields,
  options: { where: SQL | undefined; order?: readonly OrderKey[]; after: DeclaredPosition | undefined; limit: number },
): Promise<{ rows: Row[]; last: DeclaredPosition | undefined }> {
  const plan = readPlan(table, fields, 'list');
  const keys = orderKeys(options.order);
  const positions = Object.fromEntries(keys.map((key, index) => [`k_${index}`, sql<string | null>`${columnOf(table, key.column)}::text`]));
  const where = options.after ? and(options.where, afterPosition(table, keys, options.after)) : options.where;
  const rows = (await selectFrom(db, table, plan, positions)
    .where(where)
    .orderBy(...orderOf(table, keys))
    .limit(options.limit)) as Row[];
  const final = rows.at(-1);
  const last = final ? keys.map((_, index) => (final[`k_${index}`] as string | null) ?? null) : undefined;
  const records = await withLists(db, plan, rows.map(plan.toRecord), {});
  return { rows: finished(plan, records), last };
}

/** Every declared record matching `where`, in `order` (by id when absent), with no page and no count (a sheet's requests). */
export async function allDeclared(db: Db, table: IdTable, fields: Fields, options: { where: SQL | undefined; order?: readonly OrderKey[] }): Promise<Row[]> {
  const plan = readPlan(table, fields, 'list');
  const order = [...orderOf(table, options.order ?? []), ...(options.order?.some((key) => key.column === 'id') ? [] : [asc(table.id)])];
  const rows = await selectFrom(db, table, plan)
    .where(options.where)
    .orderBy(...order);
  return finished(plan, await withLists(db, plan, (rows as Row[]).map(plan.toRecord), {}));
}

/** One declared record by id, with its listed relations and loaded values (in `options.lang`); undefined when unknown. */
export async function findDeclared(db: Db, table: IdTable, fields: Fields, id: number, options: ReadOptions = {}): Promise<Row | undefined> {
  const plan = readPlan(table, fields, 'record');
  const [row] = await selectFrom(db, table, plan).where(eq(table.id, id)).limit(1);
  if (!row) return undefined;
  const [record] = finished(plan, await withLists(db, plan, [plan.toRecord(row as Row)], options));
  return record;
}

/** The columns `columns` (property names) of row `id`, locked until the transaction ends; undefined when there is none. */
export async function lockDeclared(db: Db, table: IdTable, id: number, columns: readonly string[]): Promise<Row | undefined> {
  const [row] = await db
    .select({ id: table.id, ...Object.fromEntries(columns.map((column) => [column, columnOf(table, column)])) })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  return row as Row | undefined;
}

/** Inserts (no id) or updates the row `id` with `values` (column property names), stamping `updatedAt` when the table has one; its id, or undefined when unknown. */
export async function writeDeclared(db: Db, table: IdTable, id: number | undefined, values: Row): Promise<number | undefined> {
  if (id === undefined) {
    const [row] = await db
      .insert(table)
      .values(values as never)
      .returning({ id: table.id });
    return row!.id as number;
  }
  const stamped = 'updatedAt' in getTableColumns(table) ? { ...values, updatedAt: new Date() } : values;
  const [row] = await db
    .update(table)
    .set(stamped as never)
    .where(eq(table.id, id))
    .returning({ id: table.id });
  return row?.id as number | undefined;
}

/** Deletes the row `id`; false when it did not exist. Foreign-key refusals are thrown as is (409). */
export async function deleteDeclared(db: Db, table: IdTable, id: number): Promise<boolean> {
  return (await db.delete(table).where(eq(table.id, id)).returning({ id: table.id })).length > 0;
}
