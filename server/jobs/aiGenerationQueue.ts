import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { failGenerations, runningGenerations } from '../db/repositories/editorial/aiGenerationRepository.js';
import { GENERATION_MESSAGES, runGeneration, type GenerationDeps, type GenerationJob } from '../ai/aiGenerationService.js';

/** The queue of the AI generations (pg-boss, in the application's own database). */
const AI_GENERATION_QUEUE = 'ai-book-generation';
/** pg-boss's tables live in their own schema. */
const JOB_SCHEMA = 'pgboss';

/** Timings of the queue; the defaults suit production, tests shorten them. */
export interface AiGenerationQueueOptions {
  /** Seconds before the one retry of a transient failure (doubled by the backoff). */
  retryDelaySeconds?: number;
  /** How often an idle worker looks for work. */
  pollingIntervalSeconds?: number;
  /** How often expired jobs (their server stopped mid-way) are failed or retried, and stale flags reconciled. */
  maintenanceIntervalSeconds?: number;
  /** Seconds past the provider's timeout after which a running job counts as lost with its server. */
  expireMarginSeconds?: number;
  /**
   * When the server stops: how long a running generation may still take to finish (its answer is
   * then written); past it, its provider call is aborted and the job is left to the next server.
   */
  stopGraceSeconds?: number;
}

/** A running queue: it takes generations and runs them, one at a time per server. */
export interface AiGenerationQueue {
  enqueue(job: GenerationJob): Promise<void>;
  /** Ends sheets marked running whose job is gone (the server stopped for good mid-way); returns their ids. */
  reconcile(): Promise<number[]>;
  stop(): Promise<void>;
}

/**
 * Starts the AI generation queue on the application's database (PostgreSQL, or PGlite through
 * the same SQL): a job survives a restart of the server; a transient provider failure is retried
 * once after a backoff; a job whose server stopped mid-way expires and is retried the same way by
 * the next server; the sheets left running without a job are reconciled at start and then at
 * each maintenance.
 */
export async function startAiGenerationQueue(database: Database, deps: GenerationDeps, options: AiGenerationQueueOptions = {}): Promise<AiGenerationQueue> {
  const maintenance = options.maintenanceIntervalSeconds ?? 60;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: JOB_SCHEMA,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: maintenance,
    monitorStateIntervalSeconds: Math.max(maintenance, 60),
  });
  boss.on('error', (error) => deps.log.error({ err: error }, 'AI generation queue error'));
  await boss.start();
  const queue = {
    name: AI_GENERATION_QUEUE,
    retryLimit: 1,
    retryDelay: options.retryDelaySeconds ?? 30,
    retryBackoff: true,
    // The provider's timeout plus a margin: past it, the job's server is taken as gone.
    expireInSeconds: Math.ceil(deps.ai.timeoutMs / 1000) + (options.expireMarginSeconds ?? 60),
  };
  if (await boss.getQueue(AI_GENERATION_QUEUE)) await boss.updateQueue(AI_GENERATION_QUEUE, queue);
  else await boss.createQueue(AI_GENERATION_QUEUE, queue);

  /** The calls in progress, aborted when the server stops: their jobs are retried by the next server. */
  const inFlight = new Set<AbortController>();
  await boss.work<GenerationJob>(
    AI_GENERATION_QUEUE,
    { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async ([job]) => {
      if (!job) return;
      const controller = new AbortController();
      inFlight.add(controller);
      try {
        await runGeneration(deps, job.data, job.retryCount >= job.retryLimit, controller.signal);
      } finally {
        inFlight.delete(controller);
      }
    },
  );

  const reconcile = async () => {
    const running = await runningGenerations(database.db);
    if (running.length === 0) return [];
    const { rows } = await database.executeSql(
      `select distinct (data->>'bookId')::int as book_id from ${JOB_SCHEMA}.job where name = $1 and state in ('created', 'retry', 'active')`,
      [AI_GENERATION_QUEUE],
    );
    const queued = new Set(rows.map((row) => Number(row.book_id)));
    const stale = running.filter((id) => !queued.has(id));
    await failGenerations(database.db, stale, GENERATION_MESSAGES.interrupted);
    if (stale.length) deps.log.warn({ bookIds: stale }, 'AI generations without a job ended as interrupted');
    return stale;
  };
  await reconcile();
  const timer = setInterval(
    () => void reconcile().catch((error: unknown) => deps.log.error({ err: error }, 'AI generation reconciliation failed')),
    maintenance * 1000,
  );
  timer.unref();

  return {
    enqueue: async (job) => {
      await boss.send(AI_GENERATION_QUEUE, job);
    },
    reconcile,
    stop: async () => {
      clearInterval(timer);
      // The running generation finishes if it can within the grace; a longer one is dropped (its
      // job expires and the next server runs it again), so that a stop never waits for a slow provider.
      const graceMs = (options.stopGraceSeconds ?? 20) * 1000;
      const abort = () => {
        for (const controller of inFlight) controller.abort();
      };
      const dropLate = setTimeout(abort, graceMs);
      try {
        await boss.stop({ graceful: true, wait: true, close: false, timeout: graceMs + 10_000 });
      } finally {
        clearTimeout(dropLate);
      }
    },
  };
}
