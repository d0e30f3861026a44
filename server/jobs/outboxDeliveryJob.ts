import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createSmtpSender, type MailSender } from '../notifications/mailer.js';
import { outboxRepository } from '../db/repositories/notifications/outboxRepository.js';
import { createPeriodicLoop } from './periodicLoop.js';
import { outboxSignal } from '../notifications/outboxSignal.js';

/** The logger calls the loop makes (a pino / Fastify logger fits). */
export interface DeliveryLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OutboxDeliveryOptions {
  db: Db;
  log: DeliveryLog;
  /** Undefined when SMTP_URL is not set: pending mails become `held` and are logged once. */
  sender: MailSender | undefined;
  /** Pause between two runs (OUTBOX_INTERVAL_MS). */
  intervalMs: number;
  /** Attempts before a message is `failed` for good. */
  maxAttempts?: number;
  /** Wait after the first failure; doubled after each further one… */
  retryBaseMs?: number;
  /** …up to this. */
  retryMaxMs?: number;
  /** Messages claimed at once. */
  batchSize?: number;
  /** How long a claimed message is reserved; past it another run may claim it again. */
  leaseMs?: number;
}

export const DELIVERY_DEFAULTS = {
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 6 * 60 * 60_000,
  batchSize: 20,
  leaseMs: 5 * 60_000,
} as const;

/** What one run did. */
export interface DeliveryRun {
  sent: number;
  retried: number;
  failed: number;
  held: number;
}

export interface OutboxDelivery {
  /** Starts the loop: a run now, then one every `intervalMs` (and at once when a mail is queued). */
  start(): void;
  /** Stops the loop, waits for the message being sent, gives back the rest of the batch, closes the transport. */
  stop(): Promise<void>;
  /** One run: send (or hold) everything due now. Used by the loop and by tests. */
  runOnce(): Promise<DeliveryRun>;
}

/** Exponential backoff: base, 2×base, 4×base … capped. `attempts` counts the failed attempts so far (≥ 1). */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The outbox delivery loop (docs/notifications.md): an in-process timer, one run at a time. Each
 * run claims due messages (FOR UPDATE SKIP LOCKED, so several processes on one PostgreSQL
 * database share the work), sends them one by one, marks each sent, or records the error and
 * schedules a retry with exponential backoff until `maxAttempts`. Without a sender it only marks
 * pending messages `held` and logs each once. A failing run (database down) is logged and the loop
 * goes on.
 */
export function createOutboxDelivery(options: OutboxDeliveryOptions): OutboxDelivery {
  const { db, log, sender, intervalMs } = options;
  const maxAttempts = options.maxAttempts ?? DELIVERY_DEFAULTS.maxAttempts;
  const retryBaseMs = options.retryBaseMs ?? DELIVERY_DEFAULTS.retryBaseMs;
  const retryMaxMs = options.retryMaxMs ?? DELIVERY_DEFAULTS.retryMaxMs;
  const batchSize = options.batchSize ?? DELIVERY_DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? DELIVERY_DEFAULTS.leaseMs;

  let heldReleased = false;
  const loop = createPeriodicLoop({
    run: () => runOnce(),
    intervalMs,
    onError: (error) => log.error({ err: error }, 'outbox delivery run failed; trying again at the next tick'),
  });

  async function hold(run: DeliveryRun): Promise<void> {
    for (const message of await outboxRepository.holdPending(db)) {
      run.held += 1;
      log.info({ outboxId: message.id, to: message.toAddress, subject: message.subject }, 'e-mail kept in the outbox (held): SMTP_URL is not set');
    }
  }

  async function deliver(run: DeliveryRun, mailer: MailSender): Promise<void> {
    if (!heldReleased) {
      heldReleased = true;
      const released = await outboxRepository.releaseHeld(db);
      if (released > 0) log.info({ count: released }, 'held e-mails are due again now that SMTP_URL is set');
    }
    for (;;) {
      const batch = await outboxRepository.claimDue(db, { limit: batchSize, leaseMs });
      for (const [index, message] of batch.entries()) {
        // Stopping: the rest of the batch goes back for another process or the next start.
        if (loop.stopping) {
          await outboxRepository.release(
            db,
            batch.slice(index).map((m) => m.id),
          );
          return;
        }
        try {
          await mailer.send({ to: message.toAddress, subject: message.subject, text: message.textBody, html: message.htmlBody });
          await outboxRepository.markSent(db, message.id);
          run.sent += 1;
          log.info({ outboxId: message.id, to: message.toAddress, subject: message.subject }, 'e-mail sent');
        } catch (error) {
          const retryIn = message.attempts < maxAttempts ? retryDelayMs(message.attempts, retryBaseMs, retryMaxMs) : undefined;
          await outboxRepository.markAttemptFailed(db, message.id, errorText(error), retryIn);
          if (retryIn === undefined) {
            run.failed += 1;
            log.error(
              { outboxId: message.id, to: message.toAddress, attempts: message.attempts, err: error },
              'e-mail not sent: last attempt failed, giving up',
            );
          } else {
            run.retried += 1;
            log.warn(
              { outboxId: message.id, to: message.toAddress, attempts: message.attempts, retryInMs: retryIn, error: errorText(error) },
              'e-mail not sent, will retry',
            );
          }
        }
      }
      if (batch.length < batchSize) return;
    }
  }

  async function runOnce(): Promise<DeliveryRun> {
    const run: DeliveryRun = { sent: 0, retried: 0, failed: 0, held: 0 };
    if (sender) await deliver(run, sender);
    else await hold(run);
    return run;
  }

  const onQueued = () => loop.runSoon();
  let started = false;

  return {
    start() {
      if (started) return;
      started = true;
      outboxSignal.on('queued', onQueued);
      loop.start();
    },
    async stop() {
      started = false;
      outboxSignal.off('queued', onQueued);
      await loop.stop();
      sender?.close();
    },
    runOnce,
  };
}

/** `host:port` of an SMTP URL, for the log (never the credentials). */
export function smtpEndpoint(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/** Creates and starts the delivery loop the configuration describes (server/main.ts). */
export function startOutboxDelivery(options: { db: Db; config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxIntervalMs'>; log: DeliveryLog }): OutboxDelivery {
  const { config, log } = options;
  const sender = config.smtpUrl ? createSmtpSender({ smtpUrl: config.smtpUrl, from: config.mailFrom }) : undefined;
  if (config.smtpUrl) log.info({ smtp: smtpEndpoint(config.smtpUrl), intervalMs: config.outboxIntervalMs }, 'outbox delivery started');
  else
    log.info({ intervalMs: config.outboxIntervalMs }, 'outbox delivery started without SMTP_URL: subscriber e-mails are kept in the outbox (held) and logged');
  const delivery = createOutboxDelivery({ db: options.db, log, sender, intervalMs: config.outboxIntervalMs });
  delivery.start();
  return delivery;
}
