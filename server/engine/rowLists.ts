import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import { concurrently } from '../db/concurrently.js';
import { linkRows, ownRowIds, readRowList, replaceRowList, saveOwnRows, type RowListTable } from '../db/repositories/engine/rowListRepository.js';
import { isRowsRelation, type FieldDeclaration, type RowsRelation } from './declaration.js';
import type { Reference } from './referenceChecks.js';

type Item = Record<string, unknown>;
type Fields = Readonly<Record<string, FieldDeclaration>>;

/** The fields of a declaration that are lists of items in a table of their own (`RowsRelation`), with their relation. */
function rowListFields(fields: Fields): [name: string, relation: RowsRelation][] {
  return Object.entries(fields).flatMap(([name, field]) => (isRowsRelation(field.relation) ? [[name, field.relation] as [string, RowsRelation]] : []));
}

const tableOf = (relation: RowsRelation): RowListTable => ({
  table: relation.rows,
  owner: relation.owner,
  ...(relation.position ? { position: relation.position } : {}),
  columns: Object.fromEntries(Object.entries(relation.items).flatMap(([field, item]) => (item.column ? [[field, item.column]] : []))),
  shown: relation.shows?.fields ?? {},
  joins: relation.shows?.joins ?? [],
  ...(relation.own ? { own: true as const } : {}),
  sets: Object.entries(relation.items).flatMap(([field, item]) => (item.ids ? [{ field, table: item.ids.ids, from: item.ids.from, to: item.ids.to }] : [])),
  ...(relation.linked ? { order: relation.linked.order } : {}),
});

/** An item as the API has it: its id first (own rows), then what it computes, its fields (flags 0 or 1), what it shows. */
function itemAnswer(relation: RowsRelation, stored: Item): Item {
  const item: Item = relation.own ? { id: stored.id } : {};
  for (const [field, compute] of Object.entries(relation.computes ?? {})) item[field] = compute(stored);
  for (const [field, declared] of Object.entries(relation.items)) item[field] = declared.flag ? (stored[field] ? 1 : 0) : stored[field];
  for (const field of Object.keys(relation.shows?.fields ?? {})) item[field] = stored[field];
  return item;
}

/** A list as the API has it: its items, or the object a keyed list is. */
function listAnswer(relation: RowsRelation, items: readonly Item[]): unknown {
  if (!relation.keyed) return items;
  const { key, value } = relation.keyed;
  return Object.fromEntries(items.map((item) => [item[key], item[value]]));
}

/** A list's items as a valid body sends it (a keyed list's object as items), or undefined when the body leaves it out. */
function sentItems(relation: RowsRelation, sent: unknown): Item[] | undefined {
  if (sent === undefined) return undefined;
  if (relation.keyed) {
    const { key, value } = relation.keyed;
    return Object.entries((sent ?? {}) as Item)
      .filter(([, stars]) => stars !== undefined && stars !== null)
      .map(([name, stars]) => ({ [key]: name, [value]: stars }));
  }
  return Array.isArray(sent) ? (sent as Item[]) : [];
}

/** An item of a valid body as its row stores it: each field sent, else its default (null without one; an empty set); a flag as a boolean; an own row's id. */
function itemRow(relation: RowsRelation, sent: Item): Item {
  const row: Item = relation.own && typeof sent.id === 'number' ? { id: sent.id } : {};
  for (const [field, declared] of Object.entries(relation.items)) {
    const value = sent[field] ?? declared.default ?? (declared.ids ? [] : null);
    row[field] = declared.flag ? value === 1 || value === true : value;
  }
  return row;
}

/** A record's lists without any item: each empty (a keyed one an empty object). */
export function emptyRowLists(fields: Fields): Record<string, unknown> {
  return Object.fromEntries(rowListFields(fields).map(([name, relation]) => [name, listAnswer(relation, [])]));
}

/**
 * The lists of several records at once, by record: each list's items in their order, with the
 * fields they show (a query a list, one more an id set of its items; the lists at once on the pool).
 */
export async function readRowLists(db: Db, fields: Fields, ownerIds: readonly number[]): Promise<Map<number, Record<string, unknown>>> {
  const byOwner = new Map(ownerIds.map((id) => [id, {} as Record<string, unknown>]));
  const lists = rowListFields(fields);
  const read = await concurrently(
    db,
    lists.map(
      ([, relation]) =>
        () =>
          readRowList(db, tableOf(relation), ownerIds),
    ),
  );
  lists.forEach(([name, relation], index) => {
    const items = new Map(ownerIds.map((id) => [id, [] as Item[]]));
    for (const { ownerId, item } of read[index]!) items.get(ownerId)?.push(itemAnswer(relation, item));
    for (const [ownerId, list] of items) byOwner.get(ownerId)![name] = listAnswer(relation, list);
  });
  return byOwner;
}

/**
 * Writes a record's lists from a valid body, in the save's transaction: each as sent, in its
 * order; an absent one emptied, but for a list of links to other records' lists (left alone).
 */
export async function writeRowLists(tx: Db, fields: Fields, ownerId: number, body: Readonly<Record<string, unknown>>): Promise<void> {
  for (const [name, relation] of rowListFields(fields)) {
    const items = sentItems(relation, body[name]);
    if (items === undefined && relation.linked) continue;
    const rows = (items ?? []).map((item) => itemRow(relation, item));
    const table = tableOf(relation);
    if (relation.linked) {
      const [field] = Object.keys(relation.items);
      await linkRows(
        tx,
        { ...table, position: relation.position! },
        relation.linked.of,
        ownerId,
        rows.map((row) => row[field!] as number),
      );
    } else if (relation.own) await saveOwnRows(tx, table, ownerId, rows);
    else await replaceRowList(tx, table, ownerId, rows);
  }
}

/** The ids a body's lists hold of other tables, each at its path (`authorList.2.type`, `characters.0.ages.1`), for the engine's reference check. */
export function rowListReferences(fields: Fields, body: Readonly<Record<string, unknown>>): Reference[] {
  return rowListFields(fields).flatMap(([name, relation]) => {
    if (relation.keyed) return [];
    const items = Array.isArray(body[name]) ? (body[name] as Item[]) : [];
    return items.flatMap((item, index) =>
      Object.entries(relation.items).flatMap(([field, declared]): Reference[] => {
        const references = declared.references;
        if (!references) return [];
        const message = `The selected ${references.label} does not exist.`;
        const value = item[field];
        if (Array.isArray(value))
          return value.flatMap((id, at): Reference[] => (typeof id === 'number' ? [[`${name}.${index}.${field}.${at}`, references.table, id, message]] : []));
        return typeof value === 'number' ? [[`${name}.${index}.${field}`, references.table, value, message]] : [];
      }),
    );
  });
}

/** The items of a body's lists of own rows that name a row the record does not have (none on a create), or one named twice, at their `id`. */
export async function foreignRowIds(db: Db, fields: Fields, ownerId: number | undefined, body: Readonly<Record<string, unknown>>): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const [name, relation] of rowListFields(fields)) {
    const items = Array.isArray(body[name]) ? (body[name] as Item[]) : [];
    if (!relation.own || !items.some((item) => item.id !== undefined)) continue;
    const owned = ownerId === undefined ? new Set<number>() : await ownRowIds(db, tableOf(relation), ownerId);
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      if (item.id === undefined) return;
      if (!owned.has(item.id as number)) errors[`${name}.${index}.id`] = [`This ${relation.own!.what} is not on this ${relation.own!.owner}.`];
      else if (seen.has(item.id)) errors[`${name}.${index}.id`] = [`This ${relation.own!.what} is listed twice.`];
      seen.add(item.id);
    });
  }
  return errors;
}
