import type { FastifyInstance } from 'fastify';
import { objectOf, responses, STRING } from '../../common/answerSchemas.js';
import { checkDatabase } from '../http/healthService.js';

/** How long a readiness check may take before it counts as failed (a load balancer's own timeout is a few seconds). */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * `GET /api/health`: liveness, 200 when the database answers, 503 otherwise (as it always was).
 * `GET /api/health/ready`: readiness for a load balancer: 200 when this instance can serve (the
 * database answers and the file storage can be used), 503 with what fails, and 503 as soon as the
 * instance is shutting down, so that no new request is sent to it while it finishes its own.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const unavailable = objectOf({ status: { const: 'unavailable' }, message: STRING });
  app.get(
    '/health',
    {
      config: { need: 'public' },
      schema: { security: [], response: { ...responses(objectOf({ status: { const: 'ok' }, database: STRING })), 503: unavailable } },
    },
    async (_request, reply) => {
      try {
        await checkDatabase(app.db);
        return { status: 'ok', database: app.database.kind };
      } catch (error) {
        app.log.error({ err: error }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' });
      }
    },
  );

  const checks = { type: 'object', additionalProperties: STRING, description: "Each check: 'ok', or what fails in a few words" };
  const readiness = (status: string) => objectOf({ status: { const: status }, checks });
  app.get(
    '/health/ready',
    { config: { need: 'public' }, schema: { security: [], response: { ...responses(readiness('ready')), 503: readiness('unavailable') } } },
    async (_request, reply) => {
      if (app.shuttingDown) return reply.status(503).send({ status: 'unavailable', checks: { shutdown: 'shutting down' } });
      const reasons: Record<string, string> = {};
      const [database, storage] = await Promise.all([
        outcome(
          () => checkDatabase(app.db),
          'Database unreachable',
          (reason) => (reasons.database = reason),
        ),
        outcome(
          () => app.storage.check(),
          'File storage unavailable',
          (reason) => (reasons.storage = reason),
        ),
      ]);
      const checks = { database, storage };
      if (database === 'ok' && storage === 'ok') return { status: 'ready', checks };
      // The reasons for the operator (the storage's are short and name no secret), not for the caller.
      app.log.error({ checks, reasons }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', checks });
    },
  );
}

/** 'ok', or the failure in a few words (never the error's own text, which goes to `onFailure`: it may name hosts). */
async function outcome(check: () => Promise<unknown>, failure: string, onFailure: (reason: string) => void): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    onFailure(error instanceof Error ? error.message : String(error));
    return failure;
  } finally {
    clearTimeout(timer);
  }
}
