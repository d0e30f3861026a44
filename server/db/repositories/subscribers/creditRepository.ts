import { count, desc, eq, sql } from 'drizzle-orm';
import type { CreditMovementRecord as WireCreditMovementRecord } from '../../../../common/subscribers.js';
import type { Paging } from '../../pagingColumns.js';
import type { Db } from '../../client.js';
import { administrators, creditMovements, users } from '../../schema/index.js';

/** Why a balance moved: a new subscription's credits, staff's 'Manage credits', a request spent. */
export type CreditReason = 'plan' | 'manual' | 'request' | (string & {});

/** One row of a user's credit history (`GET admin/users/{id}/credits`). */
export type CreditMovementRecord = WireCreditMovementRecord<Date>;

/**
 * Moves a user's balance by `amount` and records it with the balance after it, in the caller's
 * transaction (the user's row should be locked: `lockUser`). Returns the new balance.
 */
export async function moveCredits(db: Db, movement: { userId: number; amount: number; reason: CreditReason; administratorId: number | null }): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ credits: sql`${users.credits} + ${movement.amount}`, updatedAt: new Date() })
    .where(eq(users.id, movement.userId))
    .returning({ credits: users.credits });
  const balance = row!.credits;
  await db.insert(creditMovements).values({ ...movement, balance });
  return balance;
}

/** One page of a user's credit history, newest first. */
export async function listCreditMovements(db: Db, userId: number, paging: Paging): Promise<{ rows: CreditMovementRecord[]; total: number }> {
  const rows = await db
    .select({
      id: creditMovements.id,
      created_at: creditMovements.createdAt,
      amount: creditMovements.amount,
      balance: creditMovements.balance,
      reason: creditMovements.reason,
      administrator_id: creditMovements.administratorId,
      administrator_name: sql<string | null>`nullif(trim(${administrators.firstname} || ' ' || ${administrators.lastname}), '')`,
    })
    .from(creditMovements)
    .leftJoin(administrators, eq(administrators.id, creditMovements.administratorId))
    .where(eq(creditMovements.userId, userId))
    .orderBy(desc(creditMovements.createdAt), desc(creditMovements.id))
    .limit(paging.perPage)
    .offset(paging.offset);
  const [total] = await db.select({ value: count() }).from(creditMovements).where(eq(creditMovements.userId, userId));
  return { rows, total: total?.value ?? 0 };
}
