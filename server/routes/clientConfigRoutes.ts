import type { FastifyInstance } from 'fastify';
import { dataAnswer, objectOf, responses, STRING } from '../../common/answerSchemas.js';

/** `GET admin/client-config`: the settings the interface needs (public site link). */
export async function clientConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/client-config',
    { config: { need: 'self' }, schema: { response: responses(dataAnswer(objectOf({ publicSiteUrl: STRING })), [401, 403]) } },
    async () => ({
      data: { publicSiteUrl: app.config.publicSiteUrl },
    }),
  );
}
