import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/repositories/healthRepository.js';

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async (_request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ok', database: app.database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' });
    }
  });
}
