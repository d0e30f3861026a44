import type { Db } from '../db/client.js';
import { claimAccountLock, findAccountLock, pruneAccountLocks, type LoginAccountLock } from '../db/repositories/auth/loginAccountLockRepository.js';
import {
  accountFailureSummary,
  clearLoginFailures,
  deleteLoginFailure,
  insertLoginFailure,
  loginFailureThresholds,
  pruneLoginFailures,
} from '../db/repositories/auth/loginFailureRepository.js';

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
  /**
   * Failures of one e-mail from every address in the window after which the account is locked
   * for clients that never logged into it (guesses spread over many addresses).
   */
  accountWide: number;
  /** The first account lock of a series; each further lock doubles it… */
  accountLockMs: number;
  /** …up to this. */
  accountLockMaxMs: number;
  /** A series ends this long after its last lock ended: the next lock is a first one again. */
  accountLockForgetMs: number;
  /** The administrator is mailed about a lock at most once in this period. */
  accountNoticeEveryMs: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * 5 per e-mail and IP, 100 per IP, in 15 minutes (docs/decisions.md, "Throttling"). 100 leaves a
 * few dozen colleagues behind one address room for a mistyped password or two each, and still holds
 * that address to 400 guesses an hour over every account. 10 per e-mail from every address, then
 * locks of 1, 2, 4 … minutes up to a day for unknown clients (docs/security.md, "Login protection").
 */
export const LOGIN_THROTTLE_LIMITS: Readonly<LoginThrottleLimits> = {
  windowMs: 15 * MINUTE,
  perAccount: 5,
  perIp: 100,
  accountWide: 10,
  accountLockMs: MINUTE,
  accountLockMaxMs: DAY,
  accountLockForgetMs: DAY,
  accountNoticeEveryMs: DAY,
};

/** How often one instance deletes the failures that left the window. */
const PRUNE_EVERY_MS = 60_000;

/** The account key of a typed e-mail: trimmed and lower-cased, as administrators are found. */
const accountOf = (email: string) => email.trim().toLowerCase();

/** An account lock this attempt set, for the log and the administrator's mail. */
export interface AccountLockEvent {
  /** The e-mail as typed, trimmed and lower-cased. */
  account: string;
  /** 1 for the first lock of a series, then 2, 3… (each twice as long). */
  level: number;
  lockedUntil: Date;
  /** True when the administrator should be mailed (no mail about this account in the last day). */
  notify: boolean;
  /** Failures of the account in the window, and the addresses they came from. */
  failures: number;
  addresses: number;
  /** The window they were counted in. */
  windowMs: number;
}

/** The throttle's answer to a login attempt. */
export interface LoginAdmission {
  /** 0: admitted, and counted as a failure until `succeed`. Otherwise the seconds until an attempt would be (at least 1). */
  wait: number;
  /** Set when this attempt locked the account for unknown clients. */
  accountLocked?: AccountLockEvent;
}

/**
 * Counts failed logins in a sliding window, per e-mail and IP, per IP alone and per e-mail from
 * every address, and refuses further attempts once a limit is reached. The failures and locks live
 * in the database (`login_failures`, `login_account_locks`), so every instance of the server
 * counts the same ones; times come from `now` (the instances' clocks only need to agree to within
 * seconds of a 15-minute window).
 *
 * An attempt is counted as a failure before its password is checked, and the count read after it
 * is written: attempts sent in parallel, to one instance or several, each see the ones written
 * before them, so no more than the limit are ever checked. A success deletes the e-mail and IP's
 * failures, its own included.
 *
 * The account-wide limit holds only clients that never logged into the account (`isKnownClient`):
 * an attacker spreading guesses over many addresses cannot lock the owner out of the browsers and
 * addresses they use. Once the account has `accountWide` failures in the window, the next unknown
 * attempt locks it for `accountLockMs`; an unknown attempt after a lock, while the failures are
 * still there, locks it again for twice as long, and so on.
 */
export class LoginThrottle {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly limits: Readonly<LoginThrottleLimits> = LOGIN_THROTTLE_LIMITS,
  ) {}

  /**
   * Admits a login attempt, counting it as a failure until `succeed`. `isKnownClient` tells
   * whether the client logged into this account before (asked only when the account-wide limit
   * matters, at the throttle's time).
   */
  async admit(email: string, ip: string, isKnownClient: (now: Date) => Promise<boolean> = async () => false): Promise<LoginAdmission> {
    const now = this.now();
    const since = new Date(now - this.limits.windowMs);
    await this.prune(now, since);
    const account = accountOf(email);
    let known: Promise<boolean> | undefined;
    const isKnown = () => (known ??= isKnownClient(new Date(now)));

    const lock = await findAccountLock(this.db, account);
    if (lock && lock.lockedUntil.getTime() > now && !(await isKnown())) return { wait: this.secondsUntil(lock.lockedUntil.getTime(), now) };

    const id = await insertLoginFailure(this.db, { account, ip, failedAt: new Date(now) });
    const thresholds = await loginFailureThresholds(this.db, {
      account,
      ip,
      since,
      exceptId: id,
      perAccount: this.limits.perAccount,
      perIp: this.limits.perIp,
      accountWide: this.limits.accountWide,
    });
    const wait = Math.max(this.waitUntilExpiry(thresholds.account, now), this.waitUntilExpiry(thresholds.ip, now));
    if (wait > 0) {
      await deleteLoginFailure(this.db, id);
      return { wait };
    }
    if (thresholds.accountWide !== null && !(await isKnown())) {
      await deleteLoginFailure(this.db, id);
      return this.lockAccount(account, lock, now, since);
    }
    return { wait: 0 };
  }

  /** A successful login: forgets the failures of this e-mail from this IP. */
  async succeed(email: string, ip: string): Promise<void> {
    await clearLoginFailures(this.db, accountOf(email), ip);
  }

  /**
   * Locks `account` for the next level of its series, unless another attempt (here or on another
   * instance) locked it since `previous` was read: then this attempt waits for that lock.
   */
  private async lockAccount(account: string, previous: LoginAccountLock | undefined, now: number, since: Date): Promise<LoginAdmission> {
    const continues = previous !== undefined && previous.lockedUntil.getTime() > now - this.limits.accountLockForgetMs;
    const level = continues ? previous.level + 1 : 1;
    const lockedUntil = new Date(now + Math.min(this.limits.accountLockMaxMs, this.limits.accountLockMs * 2 ** (level - 1)));
    const lastNotice = previous?.notifiedAt?.getTime();
    const notify = lastNotice === undefined || lastNotice <= now - this.limits.accountNoticeEveryMs;
    const next = { account, level, lockedUntil, notifiedAt: notify ? new Date(now) : (previous?.notifiedAt ?? null) };
    if (!(await claimAccountLock(this.db, next, previous?.lockedUntil ?? null))) {
      const current = await findAccountLock(this.db, account);
      return { wait: current ? this.secondsUntil(current.lockedUntil.getTime(), now) : 1 };
    }
    const summary = await accountFailureSummary(this.db, account, since);
    return {
      wait: this.secondsUntil(lockedUntil.getTime(), now),
      accountLocked: { account, level, lockedUntil, notify, ...summary, windowMs: this.limits.windowMs },
    };
  }

  /** Seconds until `until`, at least 1. */
  private secondsUntil(until: number, now: number): number {
    return Math.max(1, Math.ceil((until - now) / 1000));
  }

  /** Seconds until the failure at `failedAt` leaves the window; 0 without one. */
  private waitUntilExpiry(failedAt: number | null, now: number): number {
    if (failedAt === null) return 0;
    return this.secondsUntil(failedAt + this.limits.windowMs, now);
  }

  /**
   * At most once a minute per instance: the failures table only ever holds about one window of
   * failures, the locks table the series of the last day.
   */
  private async prune(now: number, before: Date): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await pruneLoginFailures(this.db, before);
    await pruneAccountLocks(this.db, new Date(now - this.limits.accountLockForgetMs));
  }
}
