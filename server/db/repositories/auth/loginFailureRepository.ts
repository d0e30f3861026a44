import { and, countDistinct, count, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { loginFailures } from '../../schema/index.js';

/** Records a failed login of `account` (trimmed, lower-cased e-mail) from `ip`; its id. */
export async function insertLoginFailure(db: Db, values: { account: string; ip: string; failedAt: Date }): Promise<number> {
  const [row] = await db.insert(loginFailures).values(values).returning({ id: loginFailures.id });
  return row!.id;
}

export async function deleteLoginFailure(db: Db, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Deletes every failure of `account` from `ip` (a successful login). */
export async function clearLoginFailures(db: Db, account: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.account, account), eq(loginFailures.ip, ip)));
}

/** Deletes the failures older than `before` (out of every window). */
export async function pruneLoginFailures(db: Db, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, before));
}

/** The thresholds of `loginFailureThresholds`, in epoch milliseconds. */
export interface LoginFailureThresholds {
  account: number | null;
  ip: number | null;
  accountWide: number | null;
}

/** The time of the `n`-th most recent failure matching `where`, in epoch milliseconds: one backward index scan of at most `n` entries. */
function nthMostRecent(where: SQL | undefined, n: number): SQL {
  return sql`(
    select round(extract(epoch from ${loginFailures.failedAt}) * 1000)::float8 from ${loginFailures}
    where ${where} order by ${loginFailures.failedAt} desc offset ${n - 1} limit 1
  )`;
}

/**
 * Since `since` and leaving out the failure `exceptId`: the time of the `perAccount`-th most recent
 * failure of `account` from `ip`, of the `perIp`-th most recent failure from `ip`, and of the
 * `accountWide`-th most recent failure of `account` from any address, each null when there are
 * fewer. A limit is reached exactly when its time is not null, and lifts when that failure leaves
 * the window. One round trip; each part reads at most its limit of index entries.
 */
export async function loginFailureThresholds(
  db: Db,
  query: { account: string; ip: string; since: Date; exceptId: number; perAccount: number; perIp: number; accountWide: number },
): Promise<LoginFailureThresholds> {
  const inWindow = and(gt(loginFailures.failedAt, query.since), ne(loginFailures.id, query.exceptId));
  const fromIp = and(eq(loginFailures.ip, query.ip), inWindow);
  const ofAccount = and(eq(loginFailures.account, query.account), inWindow);
  const result = await db.execute(sql`select
    ${nthMostRecent(and(eq(loginFailures.account, query.account), fromIp), query.perAccount)} as account,
    ${nthMostRecent(fromIp, query.perIp)} as ip,
    ${nthMostRecent(ofAccount, query.accountWide)} as "accountWide"`);
  const [row] = (result as unknown as { rows: LoginFailureThresholds[] }).rows;
  return { account: row?.account ?? null, ip: row?.ip ?? null, accountWide: row?.accountWide ?? null };
}

/** How many failures `account` has since `since`, and from how many addresses. */
export async function accountFailureSummary(db: Db, account: string, since: Date): Promise<{ failures: number; addresses: number }> {
  const [row] = await db
    .select({ failures: count(), addresses: countDistinct(loginFailures.ip) })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), gt(loginFailures.failedAt, since)));
  return { failures: row?.failures ?? 0, addresses: row?.addresses ?? 0 };
}
