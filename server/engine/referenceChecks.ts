import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { rowExists } from '../db/repositories/engine/directoryRepository.js';
import { conflict, unprocessable, type FieldErrors } from '../http/errors.js';

/**
 * The reference checks of the engine: a declared store's check that each reference names a row
 * (server/engine/declaredStore.ts), and the refusal of a delete while the record is used (the
 * directory resources: contacts, companies, authors).
 */

/** 422 on each field whose id names no row: `The selected company id is invalid.` */
export async function checkReferences(
  db: Db,
  references: [field: string, table: PgTable & { id: PgColumn }, value: number | null, message?: string][],
): Promise<void> {
  const errors: FieldErrors = {};
  for (const [field, table, value, message] of references) {
    if (value !== null && !(await rowExists(db, table, value))) errors[field] = [message ?? `The selected ${field.replace(/_/g, ' ')} is invalid.`];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** `1 reading sheet`, `3 reading sheets`. */
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** 409 refusing a delete, naming what still uses the record; nothing when `uses` are all zero. */
export function refuseWhileUsed(what: string, uses: [count: number, noun: string][]): void {
  const used = uses.filter(([count]) => count > 0).map(([count, noun]) => counted(count, noun));
  if (used.length > 0) throw conflict(`This ${what} is used by ${used.join(' and ')} and cannot be deleted.`);
}
