import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request's own origin, as a browser would write it in the Origin header. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Refuses state-changing API calls that a browser made from another site: the Origin header
 * (or, without it, Sec-Fetch-Site) must name this server or an ALLOWED_ORIGINS entry.
 * The SameSite=Lax cookie already stops most of these; this closes the rest.
 */
export function registerCrossSiteGuard(app: FastifyInstance, allowedOrigins: string[]): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === ownOrigin(request) || allowedOrigins.includes(origin)) return;
      throw forbidden('Cross-site request refused');
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw forbidden('Cross-site request refused');
  });
}
