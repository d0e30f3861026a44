import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { administrators } from '../schema/index.js';

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

export async function findAdministrator(db: Db, id: number): Promise<AdministratorRow | undefined> {
  const [row] = await db.select().from(administrators).where(eq(administrators.id, id)).limit(1);
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
  const [row] = await db.insert(administrators).values(values).returning();
  return row!;
}
