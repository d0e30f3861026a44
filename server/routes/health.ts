import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: app.database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' });
    }
  });
}
