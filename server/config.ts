import path from 'node:path';

/** Every setting the server reads, checked once at boot (see README, "Configuration"). */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database and of stored files. */
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicSiteUrl: string;
  /** Seed the demo catalogue on a first start (embedded database only). */
  demoData: boolean;
  sessionTtlHours: number;
  /** Period of the loop that deletes expired and revoked sessions, in milliseconds. */
  sessionCleanupIntervalMs: number;
  /** Revisions of the records' history older than this many days are pruned daily; absent: kept forever. */
  historyRetentionDays: number | undefined;
  /** Extra origins allowed to make cookie-authenticated writes, besides the server's own. */
  allowedOrigins: string[];
  trustProxy: boolean;
  /** Folder of the built client; served when it exists. */
  clientDir: string;
  logLevel: string;
  /** SMTP server of the subscriber e-mails (smtp:// or smtps://); absent keeps them in the outbox as 'held'. */
  smtpUrl: string | undefined;
  /** Sender of the subscriber e-mails. */
  mailFrom: string;
  /** Period of the outbox delivery loop, in milliseconds. */
  outboxIntervalMs: number;
  /**
   * Age, in milliseconds, past which the upload cleanup removes a pending upload (its save failed
   * or its process died) and a stored file no record refers to (docs/files.md).
   */
  uploadCleanupAgeMs: number;
  /** Period of the upload cleanup loop, in milliseconds. */
  uploadCleanupIntervalMs: number;
  /** How long a graceful stop (SIGTERM) may wait for requests and jobs in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * Secret (`sk_…`) or restricted (`rk_…`) key of the card payment provider (docs/payments.md);
   * absent, subscriptions tied to the provider cannot be cancelled from here.
   */
  stripeSecretKey: string | undefined;
  /** The provider's API host, port and protocol; absent means the SDK's own (https://api.stripe.com). Tests point them at a local server. */
  stripeApiHost: string | undefined;
  stripeApiPort: number | undefined;
  stripeApiProtocol: 'http' | 'https' | undefined;
  /** The AI providers of the drafts (docs/ai.md): keys, API base URLs and model ids. */
  ai: AiConfig;
  /** How many list exports run at once, and how long one waits for a reader that takes nothing (docs/list-export.md, "Limits"). */
  exports: ExportLimits;
  /** Object storage of the uploaded files (`S3_BUCKET` and the other `S3_*`); absent means the local disk. */
  s3: S3Config | undefined;
}

/**
 * An S3-compatible bucket holding the uploaded files (docs/files.md, "Object storage (S3)"). The
 * secret key is never repeated in a message, and the endpoint may not carry credentials.
 */
interface S3Config {
  /** `S3_BUCKET`. */
  bucket: string;
  /** `S3_ENDPOINT`: an S3-compatible server (MinIO, Ceph…); absent means AWS S3. */
  endpoint: string | undefined;
  /** `S3_REGION`. */
  region: string;
  /** `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`; absent means the SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `S3_FORCE_PATH_STYLE`: `<endpoint>/<bucket>/<key>` URLs; default true with an endpoint. */
  forcePathStyle: boolean;
}

/**
 * The AI models of SPEC §9: one fast model of one provider (OpenAI, or any server speaking its
 * protocol) and a large and a small tier of another (Anthropic). A provider without its key
 * (or, for OpenAI, without a base URL of a self-hosted server) is offered as unavailable.
 */
export interface AiConfig {
  /** `OPENAI_API_KEY` and `OPENAI_BASE_URL`: the official SDK's own variables. */
  openaiApiKey: string | undefined;
  openaiBaseUrl: string | undefined;
  /** `AI_FAST_MODEL`: the model id sent to the OpenAI-protocol server. */
  fastModel: string;
  /** `ANTHROPIC_API_KEY` and `ANTHROPIC_BASE_URL`: the official SDK's own variables. */
  anthropicApiKey: string | undefined;
  anthropicBaseUrl: string | undefined;
  /** `AI_LARGE_MODEL`, `AI_SMALL_MODEL`: the two tiers' model ids. */
  largeModel: string;
  smallModel: string;
  /** `AI_TIMEOUT_MS`: how long one call to a provider may take. */
  timeoutMs: number;
}

/**
 * The limits of the list exports of one server process: a file streams for as long as its reader
 * takes it, holding a few batches of rows and, while they are read, database connections.
 */
export interface ExportLimits {
  /** `EXPORTS_PER_ADMINISTRATOR`: exports one administrator may have running at once. */
  perAdministrator: number;
  /** `EXPORTS_TOTAL`: exports running at once on the process, all administrators together. */
  total: number;
  /** `EXPORT_READER_TIMEOUT_MS`: how long an export waits for a reader that has stopped taking the file before dropping it. */
  readerTimeoutMs: number;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string | undefined, protocols: string[]): string | undefined {
  const raw = env[name] || fallback;
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

/** An SMTP URL; the message never repeats the value, which may hold a password. */
function smtpUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SMTP_URL || undefined;
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL is not a valid URL (expected smtp://user:password@host:port or smtps://…)');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new ConfigError(`SMTP_URL must use smtp: or smtps:, got "${parsed.protocol}"`);
  }
  if (!parsed.hostname) throw new ConfigError('SMTP_URL has no host');
  return raw;
}

/** A sender: 'Name <address>' or a bare address. */
function mailFrom(env: NodeJS.ProcessEnv): string {
  const raw = (env.MAIL_FROM || 'Administration Panel <no-reply@localhost>').trim();
  if (!/^(?:[^<>@]*<[^@\s<>]+@[^@\s<>]+>|[^@\s<>]+@[^@\s<>]+)$/.test(raw)) {
    throw new ConfigError(`MAIL_FROM must be an address or 'Name <address>', got "${raw}"`);
  }
  return raw;
}

/**
 * The card payment provider's key. Only its shape is checked (a secret `sk_` or restricted `rk_`
 * key, test or live): a publishable key or a webhook secret pasted by mistake fails at boot
 * rather than at the first cancellation. The message never repeats the value.
 */
function stripeSecretKey(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.STRIPE_SECRET_KEY?.trim() || undefined;
  if (raw === undefined) return undefined;
  if (/^pk_/.test(raw)) {
    throw new ConfigError('STRIPE_SECRET_KEY is a publishable key (pk_…): the server needs the secret key (sk_…) or a restricted key (rk_…)');
  }
  if (!/^(?:sk|rk)_(?:test|live)_\w+$/.test(raw)) {
    throw new ConfigError('STRIPE_SECRET_KEY does not look like a secret key (sk_test_…, sk_live_…) or a restricted key (rk_test_…, rk_live_…)');
  }
  return raw;
}

/** A host name or address alone: the scheme and the port have their own variables. */
function hostName(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim() || undefined;
  if (raw === undefined) return undefined;
  if (!/^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*)$/.test(raw)) {
    throw new ConfigError(`${name} must be a host name or address alone (api.stripe.com, 127.0.0.1), without scheme, port or path; got "${raw}"`);
  }
  return raw;
}

function optionalInteger(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  return env[name] === undefined || env[name] === '' ? undefined : integer(env, name, 0, min, max);
}

function httpProtocol(env: NodeJS.ProcessEnv, name: string): 'http' | 'https' | undefined {
  const raw = env[name]?.trim().toLowerCase() || undefined;
  if (raw === undefined) return undefined;
  if (raw !== 'http' && raw !== 'https') throw new ConfigError(`${name} must be http or https, got "${env[name]}"`);
  return raw;
}

/** A model id: letters, digits and `.-_:/@` (`gpt-5-mini`, `claude-sonnet-5-5`, `org/model:tag`). */
function modelId(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  if (!/^[\w.:/@-]{1,200}$/.test(raw)) throw new ConfigError(`${name} must be a model id (letters, digits and . - _ : / @), got "${raw}"`);
  return raw;
}

function aiConfig(env: NodeJS.ProcessEnv): AiConfig {
  return {
    openaiApiKey: env.OPENAI_API_KEY?.trim() || undefined,
    openaiBaseUrl: url(env, 'OPENAI_BASE_URL', undefined, ['http:', 'https:']),
    fastModel: modelId(env, 'AI_FAST_MODEL', 'gpt-5-mini'),
    anthropicApiKey: env.ANTHROPIC_API_KEY?.trim() || undefined,
    anthropicBaseUrl: url(env, 'ANTHROPIC_BASE_URL', undefined, ['http:', 'https:']),
    largeModel: modelId(env, 'AI_LARGE_MODEL', 'claude-sonnet-5-5'),
    smallModel: modelId(env, 'AI_SMALL_MODEL', 'claude-haiku-5-5'),
    timeoutMs: integer(env, 'AI_TIMEOUT_MS', 120_000, 1000, 30 * 60_000),
  };
}

function exportLimits(env: NodeJS.ProcessEnv): ExportLimits {
  const perAdministrator = integer(env, 'EXPORTS_PER_ADMINISTRATOR', 3, 1, 100);
  const total = integer(env, 'EXPORTS_TOTAL', 6, 1, 1000);
  if (total < perAdministrator) throw new ConfigError(`EXPORTS_TOTAL (${total}) must be at least EXPORTS_PER_ADMINISTRATOR (${perAdministrator})`);
  return { perAdministrator, total, readerTimeoutMs: integer(env, 'EXPORT_READER_TIMEOUT_MS', 60_000, 1000, 3_600_000) };
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/** The bucket of the uploaded files, or undefined (the local disk) when S3_BUCKET is not set. */
function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim() || undefined;
  if (bucket === undefined) {
    // A mistyped or forgotten S3_BUCKET would otherwise put the files on the local disk unnoticed.
    const stray = S3_VARIABLES.filter((name) => env[name]?.trim());
    if (stray.length > 0) throw new ConfigError(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to store files in object storage, or unset them`);
    return undefined;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      `S3_BUCKET must be a bucket name alone (3 to 63 letters, digits, dots, hyphens or underscores), without s3:// or a path; got "${bucket}"`,
    );
  }
  const endpoint = url(env, 'S3_ENDPOINT', undefined, ['http:', 'https:']);
  if (endpoint !== undefined) {
    const parsed = new URL(endpoint);
    if (parsed.username || parsed.password) {
      throw new ConfigError('S3_ENDPOINT must not carry credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    }
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name (us-east-1, eu-west-3, auto…), got "${region}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the SDK's default credential chain)");
  }
  return {
    bucket,
    endpoint,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
  };
}

/** Reads and checks the configuration; throws ConfigError naming the faulty variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = url(env, 'DATABASE_URL', undefined, ['postgres:', 'postgresql:']);
  const adminEmail = env.ADMIN_EMAIL || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminEmail !== undefined && !/^[^@\s]+@[^@\s]+$/.test(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL is not an e-mail address: "${adminEmail}"`);
  }
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must have at least 8 characters');
  }
  const demoData = flag(env, 'DEMO_DATA', databaseUrl === undefined);
  if (demoData && databaseUrl !== undefined) {
    throw new ConfigError('DEMO_DATA is only available on the embedded database (unset DATABASE_URL)');
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    adminEmail,
    adminPassword,
    publicSiteUrl: url(env, 'PUBLIC_SITE_URL', 'http://localhost:8080', ['http:', 'https:'])!,
    demoData,
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 12, 1, 24 * 90),
    sessionCleanupIntervalMs: integer(env, 'SESSION_CLEANUP_INTERVAL_MS', 3_600_000, 1000, 24 * 3_600_000),
    historyRetentionDays: optionalInteger(env, 'HISTORY_RETENTION_DAYS', 1, 36_500),
    allowedOrigins: (env.ALLOWED_ORIGINS || '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    clientDir: path.resolve(env.CLIENT_DIR || 'dist/client'),
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: smtpUrl(env),
    mailFrom: mailFrom(env),
    outboxIntervalMs: integer(env, 'OUTBOX_INTERVAL_MS', 5000, 100, 3_600_000),
    uploadCleanupAgeMs: integer(env, 'UPLOAD_CLEANUP_AGE_MS', 300_000, 1000, 7 * 24 * 3_600_000),
    uploadCleanupIntervalMs: integer(env, 'UPLOAD_CLEANUP_INTERVAL_MS', 300_000, 100, 24 * 3_600_000),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 30_000, 1000, 10 * 60_000),
    stripeSecretKey: stripeSecretKey(env),
    stripeApiHost: hostName(env, 'STRIPE_API_HOST'),
    stripeApiPort: optionalInteger(env, 'STRIPE_API_PORT', 1, 65535),
    stripeApiProtocol: httpProtocol(env, 'STRIPE_API_PROTOCOL'),
    ai: aiConfig(env),
    exports: exportLimits(env),
    s3: s3Config(env),
  };
}
