import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { SessionAdmin } from './services/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Every route registered, as `METHOD url`; read by the route-coverage tests. */
    routeList: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The logged-in administrator, set by the session plugin on admin routes. */
    admin: SessionAdmin | null;
    sessionId: string | null;
  }
}
