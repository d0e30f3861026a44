import type { Db } from '../db/client.js';
import {
  clearLoginFailures,
  deleteLoginFailure,
  insertLoginFailure,
  loginFailureThresholds,
  pruneLoginFailures,
} from '../db/repositories/loginFailureRepository.js';

/** The limits of the login throttle. */
export interface LoginThrottleLimits {
  /** The sliding window failures are counted in. */
  windowMs: number;
  /** Failures allowed per e-mail and IP in the window; the next attempt is refused. */
  perAccount: number;
  /**
   * Failures allowed per IP in the window, whatever the e-mail: the ceiling on one address trying
   * many accounts. Much higher than `perAccount`, as a whole office often shares one address.
   */
  perIp: number;
}

/**
 * 5 per e-mail and IP, 100 per IP, in 15 minutes (docs/decisions.md, "Throttling"). 100 leaves a
 * few dozen colleagues behind one address room for a mistyped password or two each, and still holds
 * that address to 400 guesses an hour over every account.
 */
export const LOGIN_THROTTLE_LIMITS: Readonly<LoginThrottleLimits> = { windowMs: 15 * 60_000, perAccount: 5, perIp: 100 };

/** How often one instance deletes the failures that left the window. */
const PRUNE_EVERY_MS = 60_000;

/** The account key of a typed e-mail: trimmed and lower-cased, as administrators are found. */
const accountOf = (email: string) => email.trim().toLowerCase();

/**
 * Counts failed logins in a sliding window, per e-mail and IP and per IP alone, and refuses further
 * attempts once a limit is reached. The failures live in the database (`login_failures`), so every
 * instance of the server counts the same ones; times come from `now` (the instances' clocks only
 * need to agree to within seconds of a 15-minute window).
 *
 * An attempt is counted as a failure before its password is checked, and the count read after it
 * is written: attempts sent in parallel, to one instance or several, each see the ones written
 * before them, so no more than the limit are ever checked. A success deletes the e-mail and IP's
 * failures, its own included.
 */
export class LoginThrottle {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly limits: Readonly<LoginThrottleLimits> = LOGIN_THROTTLE_LIMITS,
  ) {}

  /**
   * Admits a login attempt, counting it as a failure until `succeed`: 0. When a limit is reached,
   * the attempt is not counted and the answer is the seconds until it would be admitted (at least 1).
   */
  async admit(email: string, ip: string): Promise<number> {
    const now = this.now();
    const since = new Date(now - this.limits.windowMs);
    await this.prune(now, since);
    const account = accountOf(email);
    const id = await insertLoginFailure(this.db, { account, ip, failedAt: new Date(now) });
    const thresholds = await loginFailureThresholds(this.db, {
      account,
      ip,
      since,
      exceptId: id,
      perAccount: this.limits.perAccount,
      perIp: this.limits.perIp,
    });
    const wait = Math.max(this.waitUntilExpiry(thresholds.account, now), this.waitUntilExpiry(thresholds.ip, now));
    if (wait > 0) await deleteLoginFailure(this.db, id);
    return wait;
  }

  /** A successful login: forgets the failures of this e-mail from this IP. */
  async succeed(email: string, ip: string): Promise<void> {
    await clearLoginFailures(this.db, accountOf(email), ip);
  }

  /** Seconds until the failure at `failedAt` leaves the window; 0 without one. */
  private waitUntilExpiry(failedAt: number | null, now: number): number {
    if (failedAt === null) return 0;
    return Math.max(1, Math.ceil((failedAt + this.limits.windowMs - now) / 1000));
  }

  /** At most once a minute per instance: the table only ever holds about one window of failures. */
  private async prune(now: number, before: Date): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await pruneLoginFailures(this.db, before);
  }
}
