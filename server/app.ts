import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import SerializerSelector, { type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { AnyValidateFunction } from 'ajv/dist/core.js';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { loggerOptions, type LoggerOptions } from './http/loggerOptions.js';
import { bindRequestContext } from './http/requestContext.js';
import { registerClient } from './plugins/clientFiles.js';
import { registerCrossSiteGuard } from './plugins/crossSite.js';
import { registerErrorHandler } from './plugins/errorHandler.js';
import { registerInputGuard } from './plugins/inputGuard.js';
import { registerSecurityHeaders } from './plugins/securityHeaders.js';
import { registerAnswerCheck } from './plugins/answerCheck.js';
import { registerApiDocs } from './plugins/apiDocs.js';
import { registerSession, requireAdmin } from './plugins/session.js';
import { checkRouteNeed } from './auth/routeNeeds.js';
import { englishText } from './definitions/englishLabels.js';
import { createAiCompletion } from './ai/aiCompletion.js';
import { aiModels, aiSetupLog } from './ai/aiModels.js';
import { failGenerations, runningGenerations } from './db/repositories/editorial/aiGenerationRepository.js';
import { startAiGenerationQueue, type AiGenerationQueue, type AiGenerationQueueOptions } from './jobs/aiGenerationQueue.js';
import { GENERATION_MESSAGES } from './ai/aiGenerationService.js';
import { createStorage, type Storage } from './storage/index.js';
import { aiBookRoutes } from './routes/aiBookRoutes.js';
import { dashboardRoutes } from './routes/dashboardRoutes.js';
import { authRoutes } from './routes/authRoutes.js';
import { sheetSaveRoutes } from './routes/sheetSaveRoutes.js';
import { sheetListRoutes } from './routes/sheetListRoutes.js';
import { clientConfigRoutes } from './routes/clientConfigRoutes.js';
import { healthRoutes } from './routes/healthRoutes.js';
import { reporterRoutes } from './routes/reporterRoutes.js';
import { resourceRoutes } from './routes/resourceRoutes.js';
import { subscriptionRoutes } from './routes/subscriptionRoutes.js';
import { userRoutes } from './routes/userRoutes.js';
import { utilityRoutes } from './routes/utilityRoutes.js';
import { assertDefinitionsHonoured } from './definitions/checkDefinitions.js';
import { loadScreenFiles, loadScreens } from './definitions/loadScreens.js';
import { createScreenRegistry } from './definitions/screenRegistry.js';
import { screenRoutes } from './routes/screenRoutes.js';
import { viewRoutes } from './routes/viewRoutes.js';
import { bulkRoutes } from './routes/bulkRoutes.js';
import { listExportRoutes } from './routes/listExportRoutes.js';
import { servicesPlugin } from './plugins/services.js';
import { createPendingUploads } from './uploads/storedPendingUploads.js';
import { historyRoutes } from './routes/historyRoutes.js';
import { fileRoutes } from './routes/fileRoutes.js';
import { UNCONFIGURED_CARD_PAYMENTS, type CardPaymentProvider } from './payments/CardPaymentProvider.js';
import type { RouteSummary } from './fastifyTypes.js';
import { createRecordWrites } from './engine/recordWrites.js';
import { createBulkJobs } from './engine/bulk/bulkJobs.js';
import { createExportSlots } from './engine/export/exportSlots.js';
import { createScreenService, type ScreenService } from './screens/screenService.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Logger options (level, stream…); the redaction of secrets is always added (server/http/loggerOptions.ts). */
  logger?: LoggerOptions;
  /** Folder of the screen definitions (default `schemas/`; tests serve edited copies). */
  screensDir?: string;
  /** The clock of time-based rules (the login throttle), in epoch milliseconds; tests move it instead of waiting. */
  now?: () => number;
  /** The card payment provider (default: none configured; server/main.ts passes `createCardPaymentProvider(config)`). */
  cardPayments?: CardPaymentProvider;
  /** Timings of the AI generation queue (tests shorten them). */
  aiQueue?: AiGenerationQueueOptions;
  /**
   * The file storage (default: `createStorage(config)`). Built once and shared: `app.storage`,
   * the file routes and the AI generation queue use this instance.
   */
  storage?: Storage;
  /**
   * Validate every answer against its route's response schema before it is serialised, failing
   * with 500 on a mismatch or a missing schema (the test suites; server/plugins/answerCheck.ts).
   */
  checkAnswers?: boolean;
}

/**
 * Fastify's own compilers (Ajv for the requests, fast-json-stringify for the answers), each route's
 * part compiled on its first use instead of all at start: compiling every route's validators and
 * answer serialisers (one per status code) took 0.4 s of each start on the bench's machine, more
 * when busy (bench/results.md, 'Server start'), for routes most of which a process never serves; a
 * schema Fastify cannot compile now fails its route's first call rather than the start. A validator
 * forwards `schemaEnv` and `errors`, which Fastify reads from the function it was given (Ajv's root
 * coercion, the messages).
 */
function lazySchemaCompilers(): { buildValidator: BuildCompilerFromPool; buildSerializer: SerializerFactory } {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  return {
    buildValidator: (externalSchemas, options) => {
      const compile = validators(externalSchemas, options);
      return (route) => {
        let compiled: AnyValidateFunction | undefined;
        const real = () => (compiled ??= compile(route));
        const validate = ((...args: Parameters<AnyValidateFunction>) => real()(...args)) as AnyValidateFunction;
        Object.defineProperty(validate, 'schemaEnv', { get: () => real().schemaEnv });
        Object.defineProperty(validate, 'errors', { get: () => real().errors });
        return validate;
      };
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = serializers(externalSchemas, options);
      return (route) => {
        let compiled: ((doc: unknown) => string) | undefined;
        return (doc) => (compiled ??= compile(route))(doc);
      };
    },
  };
}

/**
 * Builds the HTTP application: plugins, the `/api` routes and the built client. Does not listen.
 * Fails fast when a screen definition (`schemas/*.screen.json`) is invalid or says something the
 * server would not honour (server/definitions/checkDefinitions.ts).
 */
export async function buildApp({
  config,
  database,
  logger = false,
  screensDir,
  now,
  cardPayments = UNCONFIGURED_CARD_PAYMENTS,
  aiQueue,
  storage = createStorage(config),
  checkAnswers = false,
}: AppOptions): Promise<FastifyInstance> {
  const screens = loadScreens(screensDir);
  assertDefinitionsHonoured(screens.values());
  // Each published version is checked completely when read, as a publish checks it (the screen service's check).
  let screenService: ScreenService | undefined;
  const screenRegistry = createScreenRegistry(loadScreenFiles(screensDir), screens, {
    // As a publish checks it: the browser's validators module of its form built and loaded too.
    check: (registry) => (screenService = createScreenService(database.db, registry)).checkServable,
  });
  const app = Fastify({
    logger: loggerOptions(logger),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // `allowUnionTypes`: a query parameter may be an integer or a word (a diff's `to=draft`).
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: true, allowUnionTypes: true } },
    schemaController: { compilersFactory: lazySchemaCompilers() },
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('cardPayments', cardPayments);
  app.decorate('routeList', [] as RouteSummary[]);
  app.decorate('shuttingDown', false);
  app.decorate('screenRegistry', screenRegistry);
  app.decorate('exportSlots', createExportSlots(config.exports));
  // At start, the published versions are read and checked against this release: one that no longer
  // fits is not used (its built-in file serves it) and the log says why; the studio flags it.
  app.addHook('onReady', async () => {
    try {
      await screenRegistry.sync(database.db);
      for (const name of screenRegistry.names()) {
        const entry = screenRegistry.inUse(name);
        const flag = entry?.unfit ?? entry?.conflict;
        if (flag) app.log.warn({ screen: name, version: flag.version }, flag.reason);
      }
    } catch (error) {
      app.log.error({ err: error }, 'the published screen versions could not be read: the built-in files serve until a request reads them');
    }
  });
  app.decorate('recordWrites', createRecordWrites(database.db, { log: app.log, screenVersion: (screen) => screenRegistry.inUse(screen)?.version }));
  // Bulk actions run as jobs in this server; those a stopped server left are marked interrupted at start.
  app.decorate('bulkJobs', createBulkJobs({ db: database.db, embedded: database.kind === 'pglite', log: app.log, stopping: () => app.shuttingDown }));
  app.addHook('onReady', async () => {
    await app.bulkJobs
      .reconcile()
      .catch((error: unknown) => app.log.error({ err: error }, 'bulk jobs left by a stopped server could not be marked interrupted'));
  });
  app.addHook('onClose', async () => app.bulkJobs.stop());
  app.addHook('onRoute', (route) => {
    const query = route.schema?.querystring as object | undefined;
    const body = route.config?.bodySchema;
    const responses = Object.keys((route.schema?.response as object | undefined) ?? {});
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeList.push({ method, url: route.url, responses, ...(query ? { query } : {}), ...(body ? { body } : {}) });
    }
  });

  // At the root: the readiness check (`api` scope) and the admin routes see the same storage.
  app.decorate('storage', storage);
  app.decorate('pendingUploads', createPendingUploads(database.db, { cleanupAgeMs: config.uploadCleanupAgeMs }));
  // The services, built once, before every route that takes them (`app.services`).
  await app.register(servicesPlugin, { screens: screenService! });

  await registerSecurityHeaders(app); // first: its headers are on every answer, early refusals included
  registerErrorHandler(app);
  if (checkAnswers) registerAnswerCheck(app);
  registerInputGuard(app);
  // Answers of 1 KB or more are compressed for the browsers that accept it (Brotli at a quality quick
  // enough for each answer, else gzip): the screens in use, a reading sheet and the forms' validators
  // travel at a fifth of their size. The built files come precompressed (server/plugins/clientFiles.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(cookie);
  registerSession(app);
  registerCrossSiteGuard(app, config.allowedOrigins);
  // Before the routes: the document collects them as they register.
  await registerApiDocs(app, (screen) => screenRegistry.inUse(screen)?.formSchema);

  /** A screen's name in words ('Genres'), by its resource's name, as a refusal names it. */
  const screenTitle = (resource: string) => {
    const name = app.services.resources.get(resource)?.definition.screen;
    const screen = name ? screenRegistry.screens.get(name) : undefined;
    // The menu's words ('Reading sheets'), which the roles screen shows too, else the list's title.
    const title = screen?.menu?.label ?? screen?.title;
    return title ? englishText(title) : resource;
  };
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(
        async (admin) => {
          await admin.register(authRoutes, { now });
          await admin.register(async (protectedRoutes) => {
            protectedRoutes.addHook('onRequest', requireAdmin);
            // What each route declares it needs (`config.need`), checked before its body is read.
            protectedRoutes.addHook('onRequest', checkRouteNeed(screenTitle));
            protectedRoutes.addHook('preHandler', bindRequestContext); // currentRequest() for resource stores
            // The screen definitions published on any instance are used from the next request on.
            protectedRoutes.addHook('preHandler', async (request) => screenRegistry.sync(app.db, request.screensStamp ?? undefined));
            await protectedRoutes.register(fileRoutes); // multipart, GET /files/* (before the routes that upload)
            await protectedRoutes.register(clientConfigRoutes);
            await protectedRoutes.register(utilityRoutes);
            await protectedRoutes.register(resourceRoutes);
            await protectedRoutes.register(listExportRoutes); // GET {api}/export of every served list
            await protectedRoutes.register(screenRoutes); // admin/screens: versions, drafts, checks, publishing
            await protectedRoutes.register(historyRoutes); // admin/history: revisions, activity, restores
            await protectedRoutes.register(viewRoutes); // admin/views: saved views of the lists, defaults
            await protectedRoutes.register(bulkRoutes); // POST {api}/bulk of every served list; admin/bulk-jobs: those running in the background
            await protectedRoutes.register(userRoutes); // validate, libraries, searches, credits, user pickers
            await protectedRoutes.register(reporterRoutes); // GET /reporters/:id/books, DELETE /reporters/delete-book
            await protectedRoutes.register(subscriptionRoutes); // POST /plans/:userid, DELETE /plans/:userid/cancel
            await protectedRoutes.register(sheetListRoutes); // GET /books, GET /books/options, DELETE /books/:id
            await protectedRoutes.register(sheetSaveRoutes); // GET /books/:id, POST /books[/:id], DELETE /utilities/book-files|book-manuscript
            await protectedRoutes.register(aiBookRoutes); // GET /ai-books/models, POST /ai-books/ai-book-generation, GET /ai-books/:id
            await protectedRoutes.register(dashboardRoutes); // GET /dashboard/data, /dashboard/series, POST /dashboard/get-saved-search-users
          });
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );

  await registerClient(app, config.clientDir, [...screens.values()]);
  // A stop waits for a running generation for half the stop's time at most (SHUTDOWN_TIMEOUT_MS).
  app.decorate('aiGeneration', await startAiGeneration(app, { stopGraceSeconds: config.shutdownTimeoutMs / 2000, ...aiQueue }));
  return app;
}

/**
 * The AI generation queue, started with the app when a provider is configured (and stopped with
 * it); without one no model can be chosen, and any sheet still marked running is ended as
 * interrupted. A model that cannot be called is said once in the log, with the variables that
 * enable it: staff are only told to ask their administrator.
 */
async function startAiGeneration(app: FastifyInstance, options: AiGenerationQueueOptions | undefined): Promise<AiGenerationQueue | undefined> {
  const { config, database } = app;
  const setup = aiSetupLog(config.ai);
  if (setup) app.log[setup.level]({ unavailableAiModels: setup.unavailable }, setup.message);
  if (!aiModels(config.ai).some((model) => model.available)) {
    await failGenerations(database.db, await runningGenerations(database.db), GENERATION_MESSAGES.interrupted);
    return undefined;
  }
  const queue = await startAiGenerationQueue(
    database,
    { db: database.db, ai: config.ai, storage: app.storage, complete: createAiCompletion(config.ai), log: app.log },
    options,
  );
  app.addHook('onClose', async () => queue.stop());
  return queue;
}
