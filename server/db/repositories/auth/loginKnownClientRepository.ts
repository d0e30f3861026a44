import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { administrators, loginKnownClients, type LoginClientKind } from '../../schema/index.js';

/**
 * Whether the administrator whose e-mail is `account` (trimmed, lower-cased) logged in successfully
 * from address `ip` since `addressSince`, or with the device whose token hashes to `deviceHash`
 * since `deviceSince`. False for an e-mail no administrator has.
 */
export async function isKnownLoginClient(
  db: Db,
  query: { account: string; ip: string; deviceHash: string | undefined; addressSince: Date; deviceSince: Date },
): Promise<boolean> {
  const byAddress = and(eq(loginKnownClients.kind, 'address'), eq(loginKnownClients.value, query.ip), gt(loginKnownClients.lastLoginAt, query.addressSince));
  const byDevice = query.deviceHash
    ? and(eq(loginKnownClients.kind, 'device'), eq(loginKnownClients.value, query.deviceHash), gt(loginKnownClients.lastLoginAt, query.deviceSince))
    : undefined;
  const [row] = await db
    .select({ administratorId: loginKnownClients.administratorId })
    .from(loginKnownClients)
    .innerJoin(administrators, eq(administrators.id, loginKnownClients.administratorId))
    .where(and(sql`lower(${administrators.email}) = ${query.account}`, or(byAddress, byDevice)))
    .limit(1);
  return row !== undefined;
}

/** Whether the device whose token hashes to `deviceHash` logged in as `administratorId` since `since`. */
export async function isKnownDeviceOf(db: Db, query: { administratorId: number; deviceHash: string; since: Date }): Promise<boolean> {
  const [row] = await db
    .select({ administratorId: loginKnownClients.administratorId })
    .from(loginKnownClients)
    .where(
      and(
        eq(loginKnownClients.administratorId, query.administratorId),
        eq(loginKnownClients.kind, 'device'),
        eq(loginKnownClients.value, query.deviceHash),
        gt(loginKnownClients.lastLoginAt, query.since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records a successful login of `administratorId` from these clients at `at` (their last success). */
export async function recordKnownLoginClients(db: Db, administratorId: number, clients: { kind: LoginClientKind; value: string }[], at: Date): Promise<void> {
  if (clients.length === 0) return;
  await db
    .insert(loginKnownClients)
    .values(clients.map((client) => ({ administratorId, ...client, lastLoginAt: at })))
    .onConflictDoUpdate({
      target: [loginKnownClients.administratorId, loginKnownClients.kind, loginKnownClients.value],
      set: { lastLoginAt: sql`excluded.last_login_at` },
    });
}

/** Deletes the clients no longer known: addresses last used before `addressBefore`, devices before `deviceBefore`; how many. */
export async function pruneKnownLoginClients(db: Db, cutoffs: { addressBefore: Date; deviceBefore: Date }): Promise<number> {
  const deleted = await db
    .delete(loginKnownClients)
    .where(
      or(
        and(eq(loginKnownClients.kind, 'address'), lt(loginKnownClients.lastLoginAt, cutoffs.addressBefore)),
        and(eq(loginKnownClients.kind, 'device'), lt(loginKnownClients.lastLoginAt, cutoffs.deviceBefore)),
      ),
    )
    .returning({ administratorId: loginKnownClients.administratorId });
  return deleted.length;
}
