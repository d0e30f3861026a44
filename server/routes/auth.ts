import type { FastifyInstance } from 'fastify';
import { authenticate } from '../services/auth.js';
import { LoginThrottle } from '../services/loginThrottle.js';
import { closeSession, openSession, resolveSession, SESSION_COOKIE } from '../services/sessions.js';
import { requireAdmin } from '../plugins/session.js';

/** `POST admin/auth/login`, `POST admin/auth/logout`, `GET admin/me`. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const throttle = new LoginThrottle();

  app.post('/auth/login', async (request, reply) => {
    const body = (request.body ?? {}) as { email?: unknown; password?: unknown };
    const administratorId = await authenticate(app.db, throttle, body, request.ip);
    const { token, expiresAt } = await openSession(app.db, administratorId, app.config.sessionTtlHours, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      expires: expiresAt,
    });
    const session = await resolveSession(app.db, token);
    return { message: 'Logged in', data: session!.admin };
  });

  app.post('/auth/logout', async (request, reply) => {
    if (request.sessionId) await closeSession(app.db, request.sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'Logged out' };
  });

  app.get('/me', { onRequest: requireAdmin }, async (request) => ({ data: request.admin }));
}
