import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { existingIds } from '../db/repositories/engine/directoryRepository.js';
import { conflict, unprocessable, type FieldErrors } from '../http/errors.js';
import type { FieldDeclaration } from './declaration.js';

/**
 * The reference checks of the engine: a declared store's check that each reference names a row
 * (server/engine/declaredStore.ts), and the refusal of a delete while the record is used (the
 * directory resources: contacts, companies, authors).
 */

/** One id a body refers to: its field (the error's key), the table it must name a row of, the id (null: none), the refusal's words. */
export type Reference = [field: string, table: PgTable & { id: PgColumn }, value: number | null, message?: string];

/** The refusal of each reference whose id names no row (`The selected company id is invalid.`), one query a table. */
export async function referenceErrors(db: Db, references: readonly Reference[]): Promise<FieldErrors> {
  const byTable = new Map<PgTable & { id: PgColumn }, Reference[]>();
  for (const reference of references)
    if (reference[2] !== null) (byTable.get(reference[1]) ?? byTable.set(reference[1], []).get(reference[1])!).push(reference);
  const errors: FieldErrors = {};
  for (const [table, named] of byTable) {
    const found = await existingIds(
      db,
      table,
      table.id,
      named.map((reference) => reference[2]!),
    );
    for (const [field, , value, message] of named) if (!found.has(value!)) errors[field] = [message ?? `The selected ${field.replace(/_/g, ' ')} is invalid.`];
  }
  return errors;
}

/** 422 on each field whose id names no row: `The selected company id is invalid.` */
export async function checkReferences(db: Db, references: readonly Reference[]): Promise<void> {
  const errors = await referenceErrors(db, references);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** The ids of a body's fields that declare the table they refer to (`references`), with their refusals (`invalid`). */
export function declaredReferences(fields: Readonly<Record<string, FieldDeclaration>>, body: Readonly<Record<string, unknown>>): Reference[] {
  return Object.entries(fields).flatMap(([name, field]) =>
    field.references
      ? [[name, field.references as PgTable & { id: PgColumn }, typeof body[name] === 'number' ? body[name] : null, field.invalid] as Reference]
      : [],
  );
}

/** `1 reading sheet`, `3 reading sheets`. */
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** 409 refusing a delete, naming what still uses the record; nothing when `uses` are all zero. */
export function refuseWhileUsed(what: string, uses: [count: number, noun: string][]): void {
  const used = uses.filter(([count]) => count > 0).map(([count, noun]) => counted(count, noun));
  if (used.length > 0) throw conflict(`This ${what} is used by ${used.join(' and ')} and cannot be deleted.`);
}
