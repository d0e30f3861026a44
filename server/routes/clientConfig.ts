import type { FastifyInstance } from 'fastify';

/** `GET admin/client-config`: the settings the interface needs (public site link). */
export async function clientConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get('/client-config', async () => ({ data: { publicSiteUrl: app.config.publicSiteUrl } }));
}
