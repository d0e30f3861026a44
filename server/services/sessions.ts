import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { findLiveSession, insertSession, revokeSession } from '../db/repositories/sessionRepository.js';

/** The administrator behind a session, as `GET admin/me` returns it. */
export interface SessionAdmin {
  id: number;
  firstname: string;
  lastname: string;
  name: string;
  email: string;
}

export const SESSION_COOKIE = 'admin_session';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a session; returns the token for the cookie (only its hash is stored). */
export async function openSession(
  db: Db,
  administratorId: number,
  ttlHours: number,
  meta: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await insertSession(db, { id: hashToken(token), administratorId, expiresAt, ip: meta.ip, userAgent: meta.userAgent ?? null });
  return { token, expiresAt };
}

/** The administrator of a live session token, or null. */
export async function resolveSession(db: Db, token: string | undefined): Promise<{ sessionId: string; admin: SessionAdmin } | null> {
  if (!token) return null;
  const row = await findLiveSession(db, hashToken(token), new Date());
  if (!row) return null;
  const { sessionId, ...admin } = row;
  return { sessionId, admin: { ...admin, name: `${admin.firstname} ${admin.lastname}`.trim() } };
}

export async function closeSession(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, new Date());
}
