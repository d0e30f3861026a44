import { and, desc, eq, isNull } from 'drizzle-orm';
import type { SubscriptionRecord as WireSubscriptionRecord, SubscriptionSummary as WireSubscriptionSummary } from '../../../../common/subscribers.js';
import type { Db } from '../../client.js';
import { plans, subscriptions, users } from '../../schema/index.js';
import { subscriptionRowState as rowState, type SubscriptionState } from './subscriptionState.js';

/** The current subscription as the user record carries it (SPEC §3 'User', `subscription`). */
export type SubscriptionRecord = WireSubscriptionRecord<Date>;

/** One subscription of a user's history (`plans` of the user record). */
export type SubscriptionSummary = WireSubscriptionSummary<Date>;

/** Every subscription of a user, newest first (by start date, then id: the first is the current one). */
export async function subscriptionHistory(db: Db, userId: number): Promise<SubscriptionSummary[]> {
  const rows = await db
    .select({
      id: subscriptions.id,
      plan_id: subscriptions.planId,
      role: plans.role,
      start_date: subscriptions.startDate,
      subscription_end_at: subscriptions.subscriptionEndAt,
      canceled_at: subscriptions.canceledAt,
      provider_subscription_id: subscriptions.providerSubscriptionId,
      state: rowState,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.id));
  return rows as SubscriptionSummary[];
}

/** What the subscription rules read of a user's current subscription. */
export type CurrentSubscription = {
  id: number;
  startDate: string;
  providerSubscriptionId: string | null;
  state: Exclude<SubscriptionState, 'none'>;
};

/** The user's current subscription and its state; undefined when the user has none (state `none`). */
export async function currentSubscription(db: Db, userId: number): Promise<CurrentSubscription | undefined> {
  const [row] = await db
    .select({ id: subscriptions.id, startDate: subscriptions.startDate, providerSubscriptionId: subscriptions.providerSubscriptionId, state: rowState })
    .from(users)
    .innerJoin(subscriptions, eq(subscriptions.id, users.currentSubscriptionId))
    .where(eq(users.id, userId))
    .limit(1);
  return row as CurrentSubscription | undefined;
}

/** The columns of a new subscription. */
export type NewSubscription = Pick<typeof subscriptions.$inferInsert, 'userId' | 'planId' | 'paid' | 'commitment' | 'startDate' | 'subscriptionEndAt'>;

/** Inserts a subscription (the triggers make it the current one when it starts last). */
export async function insertSubscription(db: Db, values: NewSubscription): Promise<number> {
  const [row] = await db.insert(subscriptions).values(values).returning({ id: subscriptions.id });
  return row!.id;
}

/** Sets `canceled_at` on a subscription not canceled yet; false when it was (or does not exist). */
export async function markSubscriptionCanceled(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ canceledAt: at, updatedAt: at })
    .where(and(eq(subscriptions.id, id), isNull(subscriptions.canceledAt)))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
