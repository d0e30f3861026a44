/**
 * Counts failed logins in a sliding window, per e-mail and IP and per IP alone,
 * and refuses further attempts once a limit is reached. In memory: one server process.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly options = { windowMs: 15 * 60_000, perAccount: 5, perIp: 30 },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when an attempt is allowed. */
  retryAfter(email: string, ip: string): number {
    const accountWait = this.wait(this.accountKey(email, ip), this.options.perAccount);
    const ipWait = this.wait(`ip:${ip}`, this.options.perIp);
    return Math.max(accountWait, ipWait);
  }

  fail(email: string, ip: string): void {
    for (const key of [this.accountKey(email, ip), `ip:${ip}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
  }

  succeed(email: string, ip: string): void {
    this.failures.delete(this.accountKey(email, ip));
  }

  private accountKey(email: string, ip: string): string {
    return `account:${email.trim().toLowerCase()}|${ip}`;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.options.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }

  private wait(key: string, limit: number): number {
    const list = this.recent(key);
    if (list.length < limit) return 0;
    const oldest = list[list.length - limit]!;
    return Math.max(1, Math.ceil((oldest + this.options.windowMs - this.now()) / 1000));
  }
}
