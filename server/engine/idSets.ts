import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import { existingIds } from '../db/repositories/engine/directoryRepository.js';
import { readIdSetLinks, replaceIdSetLinks, type IdSetTable } from '../db/repositories/engine/idSetRepository.js';
import { isIdsRelation, type FieldDeclaration, type IdsRelation } from './declaration.js';

/** The fields of a declaration that are sets of ids in link tables (`IdsRelation`), with their relation. */
function idSetFields(fields: Readonly<Record<string, FieldDeclaration>>): [name: string, relation: IdsRelation][] {
  return Object.entries(fields).flatMap(([name, field]) => (isIdsRelation(field.relation) ? [[name, field.relation] as [string, IdsRelation]] : []));
}

const tableOf = ([key, relation]: [string, IdsRelation]): IdSetTable => ({
  key,
  table: relation.ids,
  from: relation.from,
  to: relation.to,
  ...(relation.primary ? { primary: relation.primary.column } : {}),
});

/** A record's id sets without any link: each set empty, each primary null. */
export function emptyIdSets(fields: Readonly<Record<string, FieldDeclaration>>): Record<string, number[] | number | null> {
  return Object.fromEntries(
    idSetFields(fields).flatMap(([name, relation]) => [[name, [] as number[]], ...(relation.primary ? [[relation.primary.field, null]] : [])]),
  );
}

/**
 * The id sets of several records at once, by record: each set field as a list of ids in id order
 * (empty without links), and each `primary` field the id its link flags (null without one).
 */
export async function readIdSets(
  db: Db,
  fields: Readonly<Record<string, FieldDeclaration>>,
  ownerIds: readonly number[],
): Promise<Map<number, Record<string, number[] | number | null>>> {
  const sets = idSetFields(fields);
  const byOwner = new Map(ownerIds.map((id) => [id, emptyIdSets(fields)]));
  const primaryOf = new Map(sets.map(([name, relation]) => [name, relation.primary?.field]));
  for (const link of await readIdSetLinks(db, sets.map(tableOf), ownerIds)) {
    const record = byOwner.get(link.ownerId);
    if (!record) continue;
    (record[link.key] as number[]).push(link.id);
    const primary = primaryOf.get(link.key);
    if (primary && link.primary) record[primary] = link.id;
  }
  return byOwner;
}

/** Writes a record's id sets from a valid body, in the save's transaction: each set as sent (an absent one emptied), its primary one flagged. */
export async function writeIdSets(
  tx: Db,
  fields: Readonly<Record<string, FieldDeclaration>>,
  ownerId: number,
  body: Readonly<Record<string, unknown>>,
): Promise<void> {
  for (const set of idSetFields(fields)) {
    const [name, relation] = set;
    const ids = (body[name] as number[] | undefined) ?? [];
    const primary = relation.primary ? (body[relation.primary.field] as number | undefined) : undefined;
    await replaceIdSetLinks(tx, tableOf(set), ownerId, ids, primary);
  }
}

/** The ids of a body's id sets that name no row of their target, at their index (`genres.1`): one query a target. */
export async function unknownIdSetIds(
  db: Db,
  fields: Readonly<Record<string, FieldDeclaration>>,
  body: Readonly<Record<string, unknown>>,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const [name, relation] of idSetFields(fields)) {
    const ids = (body[name] as number[] | undefined) ?? [];
    if (ids.length === 0) continue;
    const found = await existingIds(db, relation.target, relation.target.id, ids);
    ids.forEach((id, index) => {
      if (!found.has(id)) errors[`${name}.${index}`] = [`The selected ${relation.label} does not exist.`];
    });
  }
  return errors;
}
