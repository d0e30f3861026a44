import type { Db } from '../db/client.js';
import { findAdministratorByEmail } from '../db/repositories/auth/administratorRepository.js';
import { HttpError, unprocessable } from '../http/errors.js';
import { reportAccountLock, type AccountLockLog } from './accountLockReport.js';
import { isKnownClient, type LoginClient } from './knownLoginClients.js';
import type { LoginThrottle } from './loginThrottle.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';

export const WRONG_CREDENTIALS = 'These credentials do not match our records.';

/**
 * Checks a login attempt: 422 on missing fields or wrong credentials (never saying whether
 * the e-mail exists), 429 once the throttle refuses (and a report when that attempt locked the
 * account). Returns the administrator's id.
 */
export async function authenticate(
  db: Db,
  throttle: LoginThrottle,
  input: { email?: unknown; password?: unknown },
  client: LoginClient,
  log: AccountLockLog,
): Promise<number> {
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  const password = typeof input.password === 'string' ? input.password : '';
  const errors: Record<string, string[]> = {};
  if (!email) errors.email = ['The email field is required.'];
  if (!password) errors.password = ['The password field is required.'];
  if (Object.keys(errors).length) throw unprocessable(errors);

  const admission = await throttle.admit(email, client.ip, (now) => isKnownClient(db, email, client, now));
  if (admission.accountLocked) await reportAccountLock(db, log, admission.accountLocked);
  if (admission.wait > 0) {
    throw new HttpError(429, `Too many login attempts. Please try again in ${Math.ceil(admission.wait / 60)} minute(s).`, undefined, {
      'retry-after': String(admission.wait),
    });
  }
  const admin = await findAdministratorByEmail(db, email);
  const valid = admin ? await verifyPassword(admin.passwordHash, password) : (await burnPasswordCheck(password), false);
  // The throttle already counts this attempt as a failure: a wrong password leaves it counted.
  if (!admin || !valid) throw unprocessable({ email: [WRONG_CREDENTIALS] });
  await throttle.succeed(email, client.ip);
  return admin.id;
}
