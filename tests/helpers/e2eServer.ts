import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/client.js';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { startOutboxDelivery } from '../../server/jobs/outboxDeliveryJob.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { ADMIN } from './testApp.js';
import { createTestDatabase } from './testDatabase.js';
import { createCardPaymentProvider } from '../../server/payments/createCardPaymentProvider.js';

export interface E2eServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The public site the e2e server links to (the subscriber e-mails carry it). */
export const E2E_PUBLIC_SITE_URL = 'http://localhost:9/';

/**
 * The real server on a fresh database, serving the built client (`npm run build`) on a free port.
 * `env` adds configuration variables; with `SMTP_URL` among them the outbox delivery loop runs
 * as in `server/main.ts`.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const database = await createTestDatabase();
  await insertAdministrator(database.db, { firstname: 'Staff', lastname: 'Member', email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) });
  const config = loadConfig({
    DEMO_DATA: 'false',
    CLIENT_DIR: path.resolve('dist/client'),
    DATA_DIR: 'data/e2e',
    PUBLIC_SITE_URL: E2E_PUBLIC_SITE_URL,
    ...env,
  });
  // As server/main.ts builds it: the card payment provider from the settings (none without a key).
  const app = await buildApp({ config, database, cardPayments: createCardPaymentProvider(config), checkAnswers: true });
  const outbox = config.smtpUrl ? startOutboxDelivery({ db: database.db, config, log: app.log }) : undefined;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    app,
    database,
    close: async () => {
      await app.close();
      await outbox?.stop();
      await database.close();
    },
  };
}
