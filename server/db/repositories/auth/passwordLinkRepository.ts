import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { administrators, passwordLinks } from '../../schema/index.js';

/** The administrator a link lets set a password. */
export interface PasswordLinkOwner {
  linkId: number;
  administratorId: number;
  firstname: string;
  email: string;
}

/** Adds a link for the administrator, ending the unused ones before it. */
export async function insertPasswordLink(db: Db, link: { administratorId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db
    .update(passwordLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordLinks.administratorId, link.administratorId), isNull(passwordLinks.usedAt)));
  await db.insert(passwordLinks).values(link);
}

/** The owner of a link that works now (not used, not expired); `lock` holds it until the end of the transaction. */
export async function livePasswordLink(db: Db, tokenHash: string, { lock = false } = {}): Promise<PasswordLinkOwner | undefined> {
  const query = db
    .select({ linkId: passwordLinks.id, administratorId: administrators.id, firstname: administrators.firstname, email: administrators.email })
    .from(passwordLinks)
    .innerJoin(administrators, eq(administrators.id, passwordLinks.administratorId))
    .where(and(eq(passwordLinks.tokenHash, tokenHash), isNull(passwordLinks.usedAt), gt(passwordLinks.expiresAt, sql`now()`)));
  const [row] = lock ? await query.for('update', { of: passwordLinks }) : await query;
  return row;
}

/** Ends a link once used, and every other unused one of its administrator. */
export async function endPasswordLinks(db: Db, administratorId: number): Promise<void> {
  await db
    .update(passwordLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordLinks.administratorId, administratorId), isNull(passwordLinks.usedAt)));
}

/** Stores an administrator's new password hash. */
export async function setAdministratorPasswordHash(db: Db, administratorId: number, passwordHash: string): Promise<void> {
  await db
    .update(administrators)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(administrators.id, administratorId));
}

/** The names and e-mail of an administrator, to write to them. */
export async function administratorContact(db: Db, administratorId: number): Promise<{ firstname: string; lastname: string; email: string } | undefined> {
  const [row] = await db
    .select({ firstname: administrators.firstname, lastname: administrators.lastname, email: administrators.email })
    .from(administrators)
    .where(eq(administrators.id, administratorId));
  return row;
}
