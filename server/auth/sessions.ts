import { effectivePermissions, type EffectivePermissions } from '../../common/permissions.js';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import {
  findLiveSession,
  insertSession,
  lockAdministratorSessions,
  purgeSessions,
  revokeSession,
  revokeSessionsBeyond,
} from '../db/repositories/auth/sessionRepository.js';

/** The administrator behind a session, as `GET admin/me` returns it. */
export interface SessionAdmin {
  id: number;
  firstname: string;
  lastname: string;
  name: string;
  email: string;
  /** What the administrator may do, all their roles together (docs/permissions.md). */
  permissions: EffectivePermissions;
}

export const SESSION_COOKIE = 'admin_session';

/**
 * Live sessions one administrator may hold (docs/security.md, "Sessions"): a login beyond it
 * revokes the oldest. Twenty covers every browser and device a person uses, with room for logins
 * that were never logged out of; a leaked password cannot pile up sessions without end.
 */
export const MAX_LIVE_SESSIONS = 20;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opens a session; returns the token for the cookie (only its hash is stored). When the
 * administrator then holds more than MAX_LIVE_SESSIONS live sessions, the oldest are revoked.
 */
export async function openSession(
  db: Db,
  administratorId: number,
  ttlHours: number,
  meta: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlHours * 3_600_000);
  const id = hashToken(token);
  await db.transaction(async (tx) => {
    await lockAdministratorSessions(tx, administratorId);
    await insertSession(tx, { id, administratorId, expiresAt, ip: meta.ip, userAgent: meta.userAgent ?? null });
    await revokeSessionsBeyond(tx, { administratorId, keep: MAX_LIVE_SESSIONS, newestId: id, now });
  });
  return { token, expiresAt };
}

/** The administrator of a live session token, or null. */
export async function resolveSession(db: Db, token: string | undefined): Promise<{ sessionId: string; admin: SessionAdmin; screensStamp: number } | null> {
  if (!token) return null;
  const row = await findLiveSession(db, hashToken(token), new Date());
  if (!row) return null;
  const { sessionId, screensStamp, roles, ...admin } = row;
  return {
    sessionId,
    screensStamp,
    admin: { ...admin, name: `${admin.firstname} ${admin.lastname}`.trim(), permissions: effectivePermissions(roles) },
  };
}

export async function closeSession(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, new Date());
}

/** Deletes the sessions that expired or were revoked before `now`: they can never be used again; how many. */
export async function purgeEndedSessions(db: Db, now: Date): Promise<number> {
  return purgeSessions(db, now);
}
