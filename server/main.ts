import fs from 'node:fs';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

/**
 * Milliseconds since the process started (Node's `performance` clock) at the end of each step of the
 * start, logged once listening: where a slow start spent its time (bench/serverStart.ts reads it).
 * `modules`: Node, tsx and every module of the server loaded (the database opening meanwhile, from
 * `configured` to `opened`); `database`: the rest of the database's opening.
 */
const startup: Record<string, number> = {};
const step = (name: string) => (startup[name] = Math.round(performance.now()));

/** The rest of the server, imported once the database has begun to open. */
const serverModules = () =>
  Promise.all([
    import('./app.js'),
    import('./db/seed/index.js'),
    import('./jobs/outboxDeliveryJob.js'),
    import('./jobs/sessionCleanupJob.js'),
    import('./jobs/historyRetentionJob.js'),
    import('./jobs/uploadCleanupJob.js'),
    import('./payments/createCardPaymentProvider.js'),
    import('./auth/firstAdministrator.js'),
  ]);

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
  // PGlite compiles its WebAssembly and starts Postgres (after a crash, replays its log) while the
  // server's modules load, on the other core and between the imports: about 0.2 s less of a start
  // on the bench's 2-core machine (bench/results.md, 'Server start').
  step('configured');
  const opening = openDatabase(config);
  // Awaited below: a failure is thrown there, not as an unhandled rejection.
  opening.then(() => step('opened')).catch(() => undefined);
  const [
    { buildApp },
    { seedDatabase },
    { startOutboxDelivery },
    { startSessionCleanup },
    { startHistoryRetention },
    { startUploadCleanup },
    { createCardPaymentProvider },
    { ensureFirstAdministrator },
  ] = await serverModules();
  step('modules');
  const database = await opening;
  step('database');
  // Several instances may start at once on one PostgreSQL (a deploy): one migrates and seeds at a time.
  await database.withStartupLock(async () => {
    await database.migrate();
    step('migrations');
    await seedDatabase(database.db, { demo: config.demoData });
    step('seeds');
  });
  const app = await buildApp({ config, database, logger: { level: config.logLevel }, cardPayments: createCardPaymentProvider(config) });
  step('app');
  await database.withStartupLock(() => ensureFirstAdministrator(database.db, config, app.log));
  step('administrator');
  const outbox = startOutboxDelivery({ db: database.db, config, log: app.log });
  // A run now (what a crash left behind), then one every UPLOAD_CLEANUP_INTERVAL_MS.
  const uploadCleanup = startUploadCleanup({ db: database.db, config, log: app.log, storage: app.storage });
  // A run now, then one every SESSION_CLEANUP_INTERVAL_MS: ended sessions are deleted.
  const sessionCleanup = startSessionCleanup({ db: database.db, config, log: app.log });
  // With HISTORY_RETENTION_DAYS: a run now, then one a day, pruning the older revisions.
  const historyRetention = startHistoryRetention({ db: database.db, config, log: app.log });
  step('jobs');

  /**
   * Graceful stop (SIGTERM from an orchestrator, Ctrl-C): the readiness check answers 503, the
   * server stops accepting connections and waits for the requests in flight (a save finishes and
   * commits), the AI queue lets its running job finish its current step (or hands it back to
   * another instance), the mail loop finishes the mail being sent; then the database closes.
   * Past SHUTDOWN_TIMEOUT_MS the process exits anyway (code 1): a stuck client cannot hold it.
   */
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long, exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forced.unref();
    await app.close();
    await outbox.stop();
    await uploadCleanup.stop();
    await sessionCleanup.stop();
    await historyRetention?.stop();
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Fastify's onReady hooks run here rather than inside listen: measured apart.
  await app.ready();
  step('ready');
  await app.listen({ port: config.port, host: config.host });
  step('listening');
  app.log.info({ startupMs: startup }, 'started');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  console.log(`Administration Panel ready at http://${host}:${port} (${database.kind})`);
}

await main();
