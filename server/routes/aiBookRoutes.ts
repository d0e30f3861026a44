import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { demandReach } from '../engine/rowConditions.js';
import { fieldRulesOf, withoutHidden } from '../engine/fieldRules.js';
import type { FastifyInstance } from 'fastify';
import { aiModels } from '../ai/aiModels.js';
import { BOOLEAN, dataAnswer, INTEGER, nullable, objectOf, responses, savedAnswer, STRING } from '../../common/answerSchemas.js';
import { idParamsSchema } from '../http/pathParams.js';
import { AI_DRAFT_ANSWER, SHEET_ANSWER } from '../sheets/sheetAnswers.js';
import { GENERATION_BODY, getAiBook, launchGeneration } from '../ai/aiGenerationService.js';

/**
 * The AI drafts' calls (SPEC §7 `admin/ai-books…`). `POST admin/ai-books/ai-book-generation` launches
 * a generation (server/ai/aiGenerationService.ts). `GET admin/ai-books/models`: the three models
 * of SPEC §9 as this server is configured, `{ data: [{ id, label, provider, available, help }] }`;
 * `help` tells staff whom to ask about a model that is not available (the variables that enable
 * it are in the server's log, never in an answer). The keys never leave the server.
 */
export async function aiBookRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  const model = objectOf({ id: STRING, label: STRING, provider: STRING, available: BOOLEAN, help: STRING }, { optional: ['help'] });
  // The models a sheet's form offers: names, no record (launching one needs `ai`).
  app.get('/ai-books/models', { config: { need: 'self' }, schema: { response: responses(dataAnswer({ type: 'array', items: model })) } }, async () => ({
    data: aiModels(app.config.ai).map(({ id, label, provider, available, help }) => ({ id, label, provider, available, ...(help ? { help } : {}) })),
  }));

  // Answers at once; the sheet's flags (is_ai_generation_running, has_ai_results, ai_generation_error) say how it ends.
  app.post(
    '/ai-books/ai-book-generation',
    {
      config: { bodySchema: GENERATION_BODY, need: { system: 'ai' } },
      schema: { response: responses(savedAnswer(objectOf({ book_id: INTEGER, is_ai_generation_running: { const: true } }))) },
    },
    async (request) => {
      await demandReach(app.services.resources.get('books'), (request.body as { book_id?: unknown } | undefined)?.book_id);
      return launchGeneration(
        {
          db: app.db,
          ai: app.config.ai,
          enqueue: async (job) => {
            if (!app.aiGeneration) throw new Error('No AI generation queue: no AI provider is configured');
            await app.aiGeneration.enqueue(job);
          },
        },
        request.body,
      );
    },
  );

  // Registered after the static paths above (`models`), which win over `{id}` anyway.
  app.get(
    '/ai-books/:id',
    {
      // The sheet and its draft, as opening the sheet shows them.
      config: { need: { screen: 'books', action: 'read' } },
      schema: { params: idParamsSchema, response: responses(dataAnswer(objectOf({ book: SHEET_ANSWER, aiBook: nullable(AI_DRAFT_ANSWER) }))) },
    },
    async (request) => {
      await demandReach(app.services.resources.get('books'), request.params.id);
      const { book, aiBook } = await getAiBook(app.db, request.params.id);
      return { data: { book: withoutHidden(book, fieldRulesOf('books')), aiBook } };
    },
  );
}
