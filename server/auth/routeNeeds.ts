import type { FastifyRequest } from 'fastify';
import { holds, SYSTEM_WORDS, type ScreenAction, type SystemPermission } from '../../common/permissions.js';
import { demandScreen, missingGrant } from '../engine/permissionRefusals.js';
import { HttpError } from '../http/errors.js';

/** The screen a route acts on, read from the request (a path parameter, the record a revision belongs to). */
interface ScreenOf {
  /** How the OpenAPI document names it: `{resource}`, `the revision's resource`. */
  describe: string;
  /** The screen's resource name; undefined when the request names none (the handler answers 404 then). */
  find(request: FastifyRequest): Promise<string | undefined> | string | undefined;
}

/**
 * What a route needs of its caller (docs/permissions.md), declared in its options
 * (`config.need`) and shown on its OpenAPI operation (`x-permission`):
 * - `public`: nobody needs to be logged in (the login, the health checks);
 * - `self`: any logged-in administrator (their own account, the screens and shared lists a form needs);
 * - a system permission;
 * - an action on a screen, named by its resource (`books` for the reading sheets) or read from the request.
 */
export type RouteNeed =
  'public' | 'self' | { system: SystemPermission } | { screen: string; action: ScreenAction } | { screenOf: ScreenOf; action: ScreenAction };

/** A need as the OpenAPI document shows it (`x-permission`). */
export function describeNeed(need: RouteNeed): string | Record<string, string> {
  if (typeof need === 'string') return need;
  if ('system' in need) return { system: need.system };
  if ('screenOf' in need) return { screen: need.screenOf.describe, action: need.action };
  return { screen: need.screen, action: need.action };
}

/**
 * The check of every protected route, in one place: an onRequest hook after the session's, before
 * the body is read. A route that declares nothing is refused (a test walks the document so none is
 * left); the roles are the session's, read on this request, so a role change holds from the next one.
 */
export function checkRouteNeed(titleOf: (screen: string) => string) {
  return async (request: FastifyRequest): Promise<void> => {
    const need = request.routeOptions.config.need;
    if (need === 'public' || need === 'self') return;
    const permissions = request.admin?.permissions;
    if (!need || !permissions) throw new HttpError(403, 'This action is not open to any role.');
    if ('system' in need) {
      if (!holds(permissions, need.system)) throw missingGrant(SYSTEM_WORDS[need.system]);
      return;
    }
    const screen = 'screenOf' in need ? await need.screenOf.find(request) : need.screen;
    if (screen !== undefined) demandScreen(permissions, screen, need.action, titleOf);
  };
}
