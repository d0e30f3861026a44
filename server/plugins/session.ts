import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import { resolveSession, SESSION_COOKIE } from '../auth/sessions.js';

/** Reads the session cookie on every API request and sets `request.admin` (and the screens' stamp, read in the same round trip). */
export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('admin', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('screensStamp', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const resolved = await resolveSession(app.db, request.cookies[SESSION_COOKIE]);
    if (resolved) {
      request.admin = resolved.admin;
      request.sessionId = resolved.sessionId;
      request.screensStamp = resolved.screensStamp;
    }
  });
}

/** onRequest hook of every protected route: 401 without a live session. */
export async function requireAdmin(request: { admin: unknown }): Promise<void> {
  if (!request.admin) throw new HttpError(401, 'Unauthenticated.');
}
