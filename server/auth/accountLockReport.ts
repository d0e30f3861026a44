import type { Db } from '../db/client.js';
import { findAdministratorByEmail } from '../db/repositories/auth/administratorRepository.js';
import { enqueueAccountLockMail } from '../notifications/accountLockMail.js';
import type { AccountLockEvent } from './loginThrottle.js';

/** The logger calls a lock report makes (a pino / Fastify logger fits). */
export interface AccountLockLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Tells of an account lock the throttle just set: one warning in the log for each lock, and a mail
 * to the administrator whose e-mail it is when the throttle says so (at most once a day). An e-mail
 * no administrator has is only logged. A failure to queue the mail is logged and the login is
 * still answered.
 */
export async function reportAccountLock(db: Db, log: AccountLockLog, event: AccountLockEvent): Promise<void> {
  const admin = await findAdministratorByEmail(db, event.account);
  log.warn(
    {
      account: event.account,
      administratorId: admin?.id ?? null,
      failures: event.failures,
      addresses: event.addresses,
      lockLevel: event.level,
      lockedUntil: event.lockedUntil.toISOString(),
      mailed: event.notify && admin !== undefined,
    },
    'login: account locked for unknown clients after failed logins from several addresses',
  );
  if (!event.notify || !admin) return;
  try {
    await enqueueAccountLockMail(db, {
      firstname: admin.firstname,
      email: admin.email,
      failures: event.failures,
      addresses: event.addresses,
      windowMinutes: Math.round(event.windowMs / 60_000),
      lockedUntil: event.lockedUntil,
    });
  } catch (error) {
    log.error({ err: error, administratorId: admin.id }, 'login: the account lock mail could not be queued');
  }
}
