import { SCREENS_STAMP_HEADER } from '../../common/screensInUse.js';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.js';
import { KNOWN_DEVICE_COOKIE, KNOWN_LOGIN_CLIENT_MS, rememberLoginClient } from '../auth/knownLoginClients.js';
import { LoginThrottle } from '../auth/loginThrottle.js';
import { closeSession, openSession, resolveSession, SESSION_COOKIE } from '../auth/sessions.js';
import { requireAdmin } from '../plugins/session.js';
import { PASSWORD_LINK_BODY, readPasswordLink, SET_PASSWORD_BODY, setPasswordWithLink } from '../auth/passwordLinks.js';
import { ANY, BOOLEAN, dataAnswer, INTEGER, MESSAGE_ANSWER, objectOf, responses, savedAnswer, STRING } from '../../common/answerSchemas.js';
import { SCREEN_ACTIONS, SYSTEM_PERMISSIONS } from '../../common/permissions.js';

/**
 * The fields of a login body, whatever was sent. The login has no body schema on purpose:
 * `authenticate` answers a missing or malformed e-mail or password with the product's own 422
 * messages (a schema would answer Ajv's, and refuse a bodiless request differently); anything
 * that is not an object carries no fields, so both are then reported missing.
 */
function loginFields(body: unknown): { email?: unknown; password?: unknown } {
  return body !== null && typeof body === 'object' ? body : {};
}

/** What a login sends (documentation and the fuzz tests; `authenticate` checks it with its own messages). */
const LOGIN_BODY_SCHEMA = {
  type: 'object',
  properties: { email: { type: 'string', format: 'email' }, password: { type: 'string' } },
  required: ['email', 'password'],
} as const;

/** The logged-in administrator, as the login and `GET admin/me` answer it. */
/** What the administrator may do, all their roles together (common/permissions.ts, docs/permissions.md). */
const PERMISSIONS_ANSWER = objectOf({
  owner: BOOLEAN,
  screens: {
    type: 'object',
    additionalProperties: objectOf({
      actions: { type: 'array', items: { enum: [...SCREEN_ACTIONS] } },
      fields: { type: 'object', additionalProperties: { enum: ['hidden', 'readOnly'] } },
      rows: { type: ['array', 'null'], items: { type: 'object', additionalProperties: ANY } },
    }),
  },
  system: { type: 'array', items: { enum: [...SYSTEM_PERMISSIONS] } },
});
const ADMIN_ANSWER = objectOf({ id: INTEGER, firstname: STRING, lastname: STRING, name: STRING, email: STRING, permissions: PERMISSIONS_ANSWER });

/** What the login routes are built from. */
export interface AuthRoutesOptions {
  /** The clock of the login throttle and of the known login clients, in epoch milliseconds (default `Date.now`); tests move it. */
  now?: () => number;
}

/**
 * `POST admin/auth/login`, `POST admin/auth/logout`, `GET admin/me`; the page of a mailed link
 * to set one's password: `POST admin/auth/password-link` (whose account it is, while it works) and
 * `POST admin/auth/set-password` (server/auth/passwordLinks.ts).
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const throttle = new LoginThrottle(app.db, now);

  app.post(
    '/auth/login',
    {
      config: { bodySchema: LOGIN_BODY_SCHEMA, need: 'public' },
      schema: { security: [], response: responses(savedAnswer(ADMIN_ANSWER), [400, 403, 413, 422, 429]) },
    },
    async (request, reply) => {
      const client = { ip: request.ip, deviceToken: request.cookies[KNOWN_DEVICE_COOKIE] };
      const administratorId = await authenticate(app.db, throttle, loginFields(request.body), client, request.log);
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
      // Only the login reads it; it outlives sessions and logouts (docs/security.md, "Login protection").
      reply.setCookie(KNOWN_DEVICE_COOKIE, await rememberLoginClient(app.db, administratorId, client, new Date(now())), {
        path: '/api/admin/auth/login',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: KNOWN_LOGIN_CLIENT_MS.device / 1000,
      });
      const session = await resolveSession(app.db, token);
      return { message: 'Logged in', data: session!.admin };
    },
  );

  app.post(
    '/auth/password-link',
    {
      config: { bodySchema: PASSWORD_LINK_BODY, need: 'public' },
      schema: { security: [], response: responses(dataAnswer(objectOf({ firstname: STRING, email: STRING })), [400, 403, 404, 413, 422]) },
    },
    async (request) => ({ data: await readPasswordLink(app.db, request.body) }),
  );
  app.post(
    '/auth/set-password',
    { config: { bodySchema: SET_PASSWORD_BODY, need: 'public' }, schema: { security: [], response: responses(MESSAGE_ANSWER, [400, 403, 404, 413, 422]) } },
    async (request) => setPasswordWithLink(app.db, app.recordWrites, request.body),
  );

  app.post(
    '/auth/logout',
    { config: { need: 'public' }, schema: { security: [], response: responses(MESSAGE_ANSWER, [400, 403]) } },
    async (request, reply) => {
      if (request.sessionId) await closeSession(app.db, request.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Logged out' };
    },
  );

  /**
   * The current administrator, run on every navigation. The interface asks with it for the screens
   * it renders (`X-Screens-Stamp`: the stamp of its copy, or `none`); they come when its copy is
   * older than the screens in use, so a publish on any instance reaches the page at its next
   * navigation with no request of its own. A client that does not ask gets the administrator only.
   */
  app.get(
    '/me',
    {
      onRequest: requireAdmin,
      config: { need: 'self' },
      schema: {
        response: responses(
          objectOf(
            {
              data: ADMIN_ANSWER,
              screens: {
                type: 'object',
                additionalProperties: true,
                description: 'The screens in use, when the copy named by X-Screens-Stamp is older (docs/screens-at-run-time.md)',
              },
            },
            { optional: ['screens'] },
          ),
          [401, 403],
        ),
      },
    },
    async (request) => {
      const known = request.headers[SCREENS_STAMP_HEADER];
      if (typeof known !== 'string') return { data: request.admin };
      await app.screenRegistry.sync(app.db);
      if (known === String(app.screenRegistry.stamp())) return { data: request.admin };
      return { data: request.admin, screens: app.screenRegistry.inUseForClient() };
    },
  );
}
