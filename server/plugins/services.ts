import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAppServices, type AppServiceParts, type AppServices } from '../compose/appServices.js';
import type { ScreenService } from '../screens/screenService.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, built once at start (server/compose/appServices.ts): the routes take them from here. */
    services: AppServices;
  }
}

/**
 * Builds the app's services once, at the app's root, from its parts (decorated before it), and
 * decorates `app.services` for every route registered after it. `screens` is the screen service the screen registry checks versions with:
 * one service, shared.
 */
/** The parts of an app its services are built from (a test builds a service of its own from them). */
export function servicePartsOf(app: FastifyInstance, screens: ScreenService): AppServiceParts {
  return {
    db: app.db,
    config: app.config,
    log: app.log,
    storage: app.storage,
    pending: app.pendingUploads,
    cardPayments: app.cardPayments,
    screenRegistry: app.screenRegistry,
    writes: app.recordWrites,
    screens,
  };
}

export const servicesPlugin = fp<{ screens: ScreenService }>(
  async (app: FastifyInstance, { screens }) => {
    app.decorate('services', createAppServices(servicePartsOf(app, screens)));
  },
  {
    name: 'services',
    fastify: '5.x',
    decorators: { fastify: ['db', 'config', 'storage', 'pendingUploads', 'cardPayments', 'screenRegistry', 'recordWrites'] },
  },
);
