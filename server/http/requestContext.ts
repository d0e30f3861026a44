import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { EffectivePermissions } from '../../common/permissions.js';

/** Who is calling: the logged-in administrator and their session, for stores that have no request. */
export interface RequestContext {
  administratorId: number;
  sessionId: string | null;
  /** The panel's address as this request reached it (`https://panel.example`): the links a mail sent for it points to. */
  origin: string;
  /**
   * What the administrator may do (docs/permissions.md): the engine holds every record it reads and
   * writes for them to it (hidden and read-only fields); a job started in the request keeps it.
   * Absent outside a request (scripts, the app's own work): nothing is held back.
   */
  permissions?: EffectivePermissions;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * preHandler hook of the protected routes: runs the rest of the request (the handler and every
 * call it awaits) inside a context holding the logged-in administrator, so a resource store can
 * read it with `currentRequest()` (refuse deleting one's own account, keep one's own session).
 */
export function bindRequestContext(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!request.admin) return done();
  storage.run(
    {
      administratorId: request.admin.id,
      sessionId: request.sessionId,
      origin: `${request.protocol}://${request.host}`,
      permissions: request.admin.permissions,
    },
    done,
  );
}

/** The context of the request being handled; undefined outside a protected route (scripts, tests). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `run` as if inside a request of this administrator (a script or a test acting for one). */
export function withRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}
