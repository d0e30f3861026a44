import type { FastifyInstance } from 'fastify';
import { aiModels } from '../ai/aiModels.js';
import { GENERATION_BODY, launchGeneration } from '../services/aiGenerationService.js';

/**
 * The AI drafts' calls (SPEC §7 `admin/ai-books…`). `POST admin/ai-books/ai-book-generation` launches
 * a generation (server/services/aiGenerationService.ts). `GET admin/ai-books/models`: the three models
 * of SPEC §9 as this server is configured, `{ data: [{ id, label, provider, available, help }] }`;
 * `help` says how to enable a model that is not available. The keys never leave the server.
 */
export async function aiBookRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ai-books/models', async () => ({
    data: aiModels(app.config.ai).map(({ id, label, provider, available, help }) => ({ id, label, provider, available, ...(help ? { help } : {}) })),
  }));

  // Answers at once; the sheet's flags (is_ai_generation_running, has_ai_results, ai_generation_error) say how it ends.
  app.post('/ai-books/ai-book-generation', { config: { bodySchema: GENERATION_BODY } }, (request) =>
    launchGeneration(
      {
        db: app.db,
        ai: app.config.ai,
        enqueue: async (job) => {
          if (!app.aiGeneration) throw new Error('No AI generation queue: no AI provider is configured');
          await app.aiGeneration.enqueue(job);
        },
      },
      request.body,
    ),
  );
}
