import type { Db } from '../db/client.js';
import { readRowList, replaceRowList, type RowListTable } from '../db/repositories/engine/rowListRepository.js';
import { isRowsRelation, type FieldDeclaration, type RowsRelation } from './declaration.js';
import type { Reference } from './referenceChecks.js';

type Item = Record<string, unknown>;

/** The fields of a declaration that are ordered lists of items in a table of their own (`RowsRelation`), with their relation. */
function rowListFields(fields: Readonly<Record<string, FieldDeclaration>>): [name: string, relation: RowsRelation][] {
  return Object.entries(fields).flatMap(([name, field]) => (isRowsRelation(field.relation) ? [[name, field.relation] as [string, RowsRelation]] : []));
}

const tableOf = (relation: RowsRelation): RowListTable => ({
  table: relation.rows,
  owner: relation.owner,
  position: relation.position,
  columns: Object.fromEntries(Object.entries(relation.items).map(([field, item]) => [field, item.column])),
  shown: relation.shows?.fields ?? {},
  joins: relation.shows?.joins ?? [],
});

/** An item as the API has it: its flags 0 or 1. */
function itemAnswer(relation: RowsRelation, stored: Item): Item {
  const item = { ...stored };
  for (const [field, declared] of Object.entries(relation.items)) if (declared.flag) item[field] = stored[field] ? 1 : 0;
  return item;
}

/** An item of a valid body as its row stores it: each field sent, else its default (null without one); a flag as a boolean. */
function itemRow(relation: RowsRelation, sent: Item): Item {
  return Object.fromEntries(
    Object.entries(relation.items).map(([field, declared]) => {
      const value = sent[field] ?? declared.default ?? null;
      return [field, declared.flag ? value === 1 || value === true : value];
    }),
  );
}

/** A record's lists without any item: each empty. */
export function emptyRowLists(fields: Readonly<Record<string, FieldDeclaration>>): Record<string, Item[]> {
  return Object.fromEntries(rowListFields(fields).map(([name]) => [name, [] as Item[]]));
}

/** The lists of several records at once, by record: each list's items in their order, with the fields they show (one query a list). */
export async function readRowLists(
  db: Db,
  fields: Readonly<Record<string, FieldDeclaration>>,
  ownerIds: readonly number[],
): Promise<Map<number, Record<string, Item[]>>> {
  const byOwner = new Map(ownerIds.map((id) => [id, emptyRowLists(fields)]));
  for (const [name, relation] of rowListFields(fields)) {
    for (const { ownerId, item } of await readRowList(db, tableOf(relation), ownerIds)) byOwner.get(ownerId)?.[name]?.push(itemAnswer(relation, item));
  }
  return byOwner;
}

/** Writes a record's lists from a valid body, in the save's transaction: each as sent, in its order (an absent one emptied). */
export async function writeRowLists(
  tx: Db,
  fields: Readonly<Record<string, FieldDeclaration>>,
  ownerId: number,
  body: Readonly<Record<string, unknown>>,
): Promise<void> {
  for (const [name, relation] of rowListFields(fields)) {
    const items = Array.isArray(body[name]) ? (body[name] as Item[]) : [];
    await replaceRowList(
      tx,
      tableOf(relation),
      ownerId,
      items.map((item) => itemRow(relation, item)),
    );
  }
}

/** The ids a body's lists hold of other tables, each at its path (`authorList.2.type`), for the engine's reference check. */
export function rowListReferences(fields: Readonly<Record<string, FieldDeclaration>>, body: Readonly<Record<string, unknown>>): Reference[] {
  return rowListFields(fields).flatMap(([name, relation]) => {
    const items = Array.isArray(body[name]) ? (body[name] as Item[]) : [];
    return items.flatMap((item, index) =>
      Object.entries(relation.items).flatMap(([field, declared]): Reference[] =>
        declared.references && typeof item[field] === 'number'
          ? [[`${name}.${index}.${field}`, declared.references.table, item[field], `The selected ${declared.references.label} does not exist.`]]
          : [],
      ),
    );
  });
}
