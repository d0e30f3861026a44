import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../client.js';
import { administrators, sessions } from '../schema/index.js';

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The live session with this id and its administrator, or undefined when unknown, revoked or expired. */
export async function findLiveSession(db: Db, id: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      id: administrators.id,
      firstname: administrators.firstname,
      lastname: administrators.lastname,
      email: administrators.email,
    })
    .from(sessions)
    .innerJoin(administrators, eq(administrators.id, sessions.administratorId))
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function revokeSession(db: Db, id: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
}

/** Revokes every session of an administrator (password change, account removal), but `exceptSessionId` when given. */
export async function revokeAdministratorSessions(db: Db, administratorId: number, now: Date, exceptSessionId?: string | null): Promise<void> {
  const live = and(eq(sessions.administratorId, administratorId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(exceptSessionId ? and(live, ne(sessions.id, exceptSessionId)) : live);
}

/** Deletes sessions that expired or were revoked before `before`. */
export async function purgeSessions(db: Db, before: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
}
