import { grantOwner } from './roleRepository.js';
import { and, count, ne, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { administrators } from '../../schema/index.js';
import { markAppWrites } from '../engine/historyRepository.js';

export type AdministratorRow = typeof administrators.$inferSelect;

/** Finds an administrator by e-mail, case-insensitively. */
export async function findAdministratorByEmail(db: Db, email: string): Promise<AdministratorRow | undefined> {
  const [row] = await db
    .select()
    .from(administrators)
    .where(sql`lower(${administrators.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function countAdministrators(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(administrators);
  return row?.value ?? 0;
}

export async function insertAdministrator(
  db: Db,
  values: Pick<AdministratorRow, 'firstname' | 'lastname' | 'email' | 'passwordHash'>,
): Promise<AdministratorRow> {
  // The app's own (the first administrator, a test's): no one's change in their history, and an
  // Owner (docs/permissions.md). Staff add administrators, with their roles, through their screen.
  return db.transaction(async (tx) => {
    await markAppWrites(tx, 'off');
    const [row] = await tx.insert(administrators).values(values).returning();
    await grantOwner(tx, row!.id);
    return row!;
  });
}

/** True when another administrator than `exceptId` has this e-mail, case-insensitively. */
export async function administratorEmailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const sameEmail = sql`lower(${administrators.email}) = ${email.trim().toLowerCase()}`;
  const [row] = await db
    .select({ id: administrators.id })
    .from(administrators)
    .where(exceptId === undefined ? sameEmail : and(sameEmail, ne(administrators.id, exceptId)))
    .limit(1);
  return row !== undefined;
}
