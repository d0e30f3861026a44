import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Paging } from '../paging.js';
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

/** An administrator as the API sends it: never the password hash. */
export type AdministratorRecord = Pick<AdministratorRow, 'id' | 'firstname' | 'lastname' | 'email'> & { name: string };

const publicColumns = { id: administrators.id, firstname: administrators.firstname, lastname: administrators.lastname, email: administrators.email };

const toRecord = (row: Pick<AdministratorRow, 'id' | 'firstname' | 'lastname' | 'email'>): AdministratorRecord => ({
  id: row.id,
  firstname: row.firstname,
  lastname: row.lastname,
  name: `${row.firstname} ${row.lastname}`.trim(),
  email: row.email,
});

/** One page of administrators, ordered by id, matching `where` (the list's declared filters). */
export async function listAdministrators(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: AdministratorRecord[]; total: number }> {
  const { where } = options;
  const rows = await db.select(publicColumns).from(administrators).where(where).orderBy(asc(administrators.id)).limit(options.paging.perPage).offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(administrators).where(where);
  return { rows: rows.map(toRecord), total: total?.value ?? 0 };
}

/** One administrator as the API sends it. */
export async function findAdministratorRecord(db: Db, id: number): Promise<AdministratorRecord | undefined> {
  const [row] = await db.select(publicColumns).from(administrators).where(eq(administrators.id, id)).limit(1);
  return row && toRecord(row);
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

/** Updates an administrator (the hash only when given); the record, or undefined when unknown. */
export async function updateAdministrator(
  db: Db,
  id: number,
  values: Pick<AdministratorRow, 'firstname' | 'lastname' | 'email'> & { passwordHash?: string },
): Promise<AdministratorRecord | undefined> {
  const [row] = await db
    .update(administrators)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(administrators.id, id))
    .returning(publicColumns);
  return row && toRecord(row);
}

/** Deletes an administrator (their sessions go with them); false when unknown. */
export async function deleteAdministrator(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(administrators).where(eq(administrators.id, id)).returning({ id: administrators.id });
  return rows.length > 0;
}
