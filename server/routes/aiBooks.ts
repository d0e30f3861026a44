import type { FastifyInstance } from 'fastify';
import { aiModels } from '../ai/aiModels.js';

/**
 * The AI drafts' calls (SPEC §7 `admin/ai-books…`). `GET admin/ai-books/models`: the three models
 * of SPEC §9 as this server is configured, `{ data: [{ id, label, provider, available, help }] }`;
 * `help` says how to enable a model that is not available. The keys never leave the server.
 */
export async function aiBookRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ai-books/models', async () => ({
    data: aiModels(app.config.ai).map(({ id, label, provider, available, help }) => ({ id, label, provider, available, ...(help ? { help } : {}) })),
  }));
}
