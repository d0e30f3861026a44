import fs from 'node:fs';
import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { seedDatabase } from './db/seed/index.js';
import { startOutboxDelivery } from './jobs/outboxDelivery.js';
import { startUploadCleanup } from './jobs/uploadCleanup.js';
import { createCardPaymentProvider } from './payments/createCardPaymentProvider.js';
import { ensureFirstAdministrator } from './services/firstAdministrator.js';

/** Process entry: checks the configuration, migrates, seeds, then listens. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(config);
  await database.migrate();
  await seedDatabase(database.db, { demo: config.demoData });
  const app = await buildApp({ config, database, logger: { level: config.logLevel }, cardPayments: createCardPaymentProvider(config) });
  await ensureFirstAdministrator(database.db, config, app.log);
  const outbox = startOutboxDelivery({ db: database.db, config, log: app.log });
  // A run now (what a crash left behind), then one every UPLOAD_CLEANUP_INTERVAL_MS.
  const uploadCleanup = startUploadCleanup({ db: database.db, config, log: app.log });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await outbox.stop();
    await uploadCleanup.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  console.log(`Administration Panel ready at http://${host}:${port} (${database.kind})`);
}

await main();
