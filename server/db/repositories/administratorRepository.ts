import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Paging } from '../../http/paging.js';
import type { Db } from '../client.js';
import { administrators } from '../schema/index.js';
import { likePattern } from './namedListRepository.js';

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

/**
 * Accented letters and their base letter, for SQL `translate()`: administrators have no
 * `search_text` column, so their search folds accents in SQL the way `searchNormal` does in JS
 * (lower() alone is not enough: under the C collation it only lowers ASCII).
 */
const ACCENT_FOLD = (() => {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x17f; code++) {
    const char = String.fromCodePoint(code);
    const base = char.normalize('NFD').replace(/\p{Diacritic}/gu, '');
    if (base.length === 1 && base !== char) {
      from += char;
      to += base;
    }
  }
  return { from, to };
})();

/** The administrators' search: name or e-mail containing `search`, ignoring case and accents. */
function administratorSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const text = sql`${administrators.firstname} || ' ' || ${administrators.lastname} || ' ' || ${administrators.email}`;
  return sql`lower(translate(${text}, ${ACCENT_FOLD.from}, ${ACCENT_FOLD.to})) like ${likePattern(search)}`;
}

/** One page of administrators, ordered by id, filtered by name or e-mail. */
export async function listAdministrators(db: Db, options: { search?: string | undefined; paging: Paging }): Promise<{ rows: AdministratorRecord[]; total: number }> {
  const where = administratorSearch(options.search);
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
