import type { ScreenRegistry } from './definitions/screenRegistry.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { CardPaymentProvider } from './payments/CardPaymentProvider.js';
import type { SessionAdmin } from './auth/sessions.js';
import type { RecordWrites } from './engine/recordWrites.js';
import type { BulkJobs } from './engine/bulk/bulkJobs.js';
import type { ExportSlots } from './engine/export/exportSlots.js';
import type { AiGenerationQueue } from './jobs/aiGenerationQueue.js';
import type { Storage } from './storage/Storage.js';
import type { RouteNeed } from './auth/routeNeeds.js';

/** What a registered route accepts, as the route-coverage and fuzz tests read it. */
export interface RouteSummary {
  method: string;
  url: string;
  /** The route's querystring JSON Schema, when it has one. */
  query?: object;
  /** The JSON Schema its handler validates the body against (`config.bodySchema`), when it takes one. */
  body?: object;
  /** The statuses its response schemas describe (`schema.response`). */
  responses: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The JSON Schema a route's handler validates its body against, when the handler does that
     * itself (the product's own messages, multipart forms) rather than through `schema.body`.
     */
    bodySchema?: object;
    /** What the route needs of its caller (server/auth/routeNeeds.ts): checked before its handler, shown on its OpenAPI operation. */
    need?: RouteNeed;
  }
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /**
     * The process's file storage (the S3 bucket of `S3_BUCKET`, or `<DATA_DIR>/files`), built once
     * by `buildApp` and shared by every route, the AI generation queue and the upload cleanup.
     */
    storage: Storage;
    /** The card payment provider of subscriptions tied to it. */
    cardPayments: CardPaymentProvider;
    /** Queues an AI generation; undefined when no AI provider is configured (no model can be chosen then). */
    aiGeneration: AiGenerationQueue | undefined;
    /** Every route registered, with what it accepts; read by the route-coverage and fuzz tests. */
    routeList: RouteSummary[];
    /** Set when the process has been asked to stop: the readiness check answers 503 from then on. */
    shuttingDown: boolean;
    /** The screen definitions in use: the built-in files, replaced by their published versions. */
    screenRegistry: ScreenRegistry;
    /** The one path of every record's create, update and delete (server/engine/recordWrites.ts). */
    recordWrites: RecordWrites;
    /** The bulk actions running as jobs in this server, and their resumes (server/engine/bulk/bulkJobs.ts). */
    bulkJobs: BulkJobs;
    /** The places of the list exports running on this process, per administrator and in all (`EXPORTS_PER_ADMINISTRATOR`, `EXPORTS_TOTAL`). */
    exportSlots: ExportSlots;
  }
  interface FastifyRequest {
    /** The logged-in administrator, set by the session plugin on admin routes. */
    admin: SessionAdmin | null;
    sessionId: string | null;
    /** The screens' stamp read with the session (screenVersionRepository `SCREENS_STAMP`); null without a session. */
    screensStamp: number | null;
  }
}
