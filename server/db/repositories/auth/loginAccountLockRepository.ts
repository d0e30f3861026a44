import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { loginAccountLocks } from '../../schema/index.js';

export type LoginAccountLock = typeof loginAccountLocks.$inferSelect;

/** The lock row of `account` (trimmed, lower-cased e-mail), current or past, or undefined. */
export async function findAccountLock(db: Db, account: string): Promise<LoginAccountLock | undefined> {
  const [row] = await db.select().from(loginAccountLocks).where(eq(loginAccountLocks.account, account)).limit(1);
  return row;
}

/**
 * Writes `next` as the lock of its account, provided the row is still the one read before
 * (`previousLockedUntil`, or no row at all when null): of several instances locking the same
 * account at once, exactly one succeeds. True when this call wrote it.
 */
export async function claimAccountLock(db: Db, next: LoginAccountLock, previousLockedUntil: Date | null): Promise<boolean> {
  if (previousLockedUntil === null) {
    const inserted = await db.insert(loginAccountLocks).values(next).onConflictDoNothing().returning({ account: loginAccountLocks.account });
    return inserted.length > 0;
  }
  const updated = await db
    .update(loginAccountLocks)
    .set({ level: next.level, lockedUntil: next.lockedUntil, notifiedAt: next.notifiedAt })
    .where(and(eq(loginAccountLocks.account, next.account), eq(loginAccountLocks.lockedUntil, previousLockedUntil)))
    .returning({ account: loginAccountLocks.account });
  return updated.length > 0;
}

/** Deletes the locks that ended before `before` (their series is over). */
export async function pruneAccountLocks(db: Db, before: Date): Promise<void> {
  await db.delete(loginAccountLocks).where(lt(loginAccountLocks.lockedUntil, before));
}
