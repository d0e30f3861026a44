import type { Db } from '../db/client.js';
import { forgetStaleLoginClients } from './knownLoginClients.js';
import { purgeEndedSessions } from './sessions.js';

/** What one session cleanup deleted. */
export interface SessionCleanupRun {
  /** Sessions that had expired or been revoked. */
  sessions: number;
  /** Known login clients whose last login is older than their period. */
  knownClients: number;
}

/**
 * Deletes what logins leave behind once it can no longer serve (docs/security.md, "Sessions"):
 * expired and revoked sessions, with the address and browser they recorded, and the login
 * clients no longer known to their account.
 */
export async function cleanSessions(db: Db, now: Date): Promise<SessionCleanupRun> {
  return { sessions: await purgeEndedSessions(db, now), knownClients: await forgetStaleLoginClients(db, now) };
}
