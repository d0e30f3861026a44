import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { administratorRoles, administrators, roles, sessions } from '../../schema/index.js';
import type { HeldRole } from '../../../../common/permissions.js';
import { SCREENS_STAMP } from '../screens/screenVersionRepository.js';

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The lookup of every admin request, prepared once per database (planned once per connection). */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      id: administrators.id,
      firstname: administrators.firstname,
      lastname: administrators.lastname,
      email: administrators.email,
      // In the same round trip, so that the screens in use follow a publish with no read of their own.
      screensStamp: SCREENS_STAMP,
      // And the roles held: a role change reaches every session at its next request, on every instance.
      roles: sql<HeldRole[]>`(select coalesce(json_agg(json_build_object('owner', ${roles.owner}, 'permissions', ${roles.permissions})), '[]'::json)
        from ${administratorRoles} join ${roles} on ${roles.id} = ${administratorRoles.roleId}
        where ${administratorRoles.administratorId} = ${administrators.id})`,
    })
    .from(sessions)
    .innerJoin(administrators, eq(administrators.id, sessions.administratorId))
    .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('live_session');
}

/**
 * The live session with this id and its administrator, with the screens' stamp
 * (screenVersionRepository `SCREENS_STAMP`), or undefined when unknown, revoked or expired.
 */
export async function findLiveSession(db: Db, id: string, now: Date) {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.execute({ id, now: now.toISOString() });
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

/**
 * Locks the administrator's row until the end of the transaction: logins of one administrator
 * open their sessions one after the other, so the cap on live sessions holds under parallel logins.
 */
export async function lockAdministratorSessions(db: Db, administratorId: number): Promise<void> {
  await db.select({ id: administrators.id }).from(administrators).where(eq(administrators.id, administratorId)).for('update');
}

/**
 * Revokes the administrator's live sessions but the newest `keep`, the session `newestId` (just
 * opened) counted among them; how many were revoked.
 */
export async function revokeSessionsBeyond(db: Db, query: { administratorId: number; keep: number; newestId: string; now: Date }): Promise<number> {
  const older = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.administratorId, query.administratorId), isNull(sessions.revokedAt), gt(sessions.expiresAt, query.now), ne(sessions.id, query.newestId)),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .offset(query.keep - 1);
  const revoked = await db.update(sessions).set({ revokedAt: query.now }).where(inArray(sessions.id, older)).returning({ id: sessions.id });
  return revoked.length;
}

/** Deletes sessions that expired or were revoked before `before`; how many. */
export async function purgeSessions(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ id: sessions.id });
  return deleted.length;
}
