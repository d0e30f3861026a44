import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Paging } from '../../pagingColumns.js';
import type { Db } from '../../client.js';
import { libraries, plans, subscriptions, users } from '../../schema/index.js';
import { countOf } from '../engine/directoryRepository.js';
import { subscriptionHistory, type SubscriptionRecord, type SubscriptionSummary } from './subscriptionRepository.js';
import { userSubscriptionState } from './subscriptionState.js';
import { concurrently } from '../../concurrently.js';

/** First name and last name, for lists and pickers. */
export const fullnameOf = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`.trim();

/** The current subscription of each of these users that has one (SPEC §3 'User', `subscription`). */
export async function currentSubscriptionsOf(db: Db, ids: readonly number[]): Promise<Map<number, SubscriptionRecord>> {
  const currentPlan = alias(plans, 'current_plan');
  const rows = await db
    .select({
      userId: users.id,
      id: subscriptions.id,
      plan_id: subscriptions.planId,
      role: currentPlan.role,
      amount: currentPlan.amount,
      paid: subscriptions.paid,
      commitment: subscriptions.commitment,
      start_date: subscriptions.startDate,
      subscription_end_at: subscriptions.subscriptionEndAt,
      canceled_at: subscriptions.canceledAt,
      provider_subscription_id: subscriptions.providerSubscriptionId,
      state: userSubscriptionState,
    })
    .from(users)
    .innerJoin(subscriptions, eq(subscriptions.id, users.currentSubscriptionId))
    .leftJoin(currentPlan, eq(currentPlan.id, users.currentPlanId))
    .where(inArray(users.id, [...ids]));
  return new Map(
    rows.map(({ userId, role, amount, ...subscription }) => [userId, { ...subscription, role: role ?? '', amount: amount ?? 0 } as SubscriptionRecord]),
  );
}

/** The subscription history of each of these users, newest first. */
export async function subscriptionHistoriesOf(db: Db, ids: readonly number[]): Promise<Map<number, SubscriptionSummary[]>> {
  return new Map(
    await concurrently(
      db,
      ids.map((id) => async () => [id, await subscriptionHistory(db, id)] as const),
    ),
  );
}

/** The libraries of each of these users, with how many books each holds, by id. */
export async function librariesOf(db: Db, ids: readonly number[]): Promise<Map<number, { id: number; name: string; books_count: number }[]>> {
  const rows = await db
    .select({
      userId: libraries.userId,
      id: libraries.id,
      name: libraries.name,
      books_count: countOf(sql`select count(*) from library_books lb where lb.library_id = ${libraries.id}`),
    })
    .from(libraries)
    .where(inArray(libraries.userId, [...ids]))
    .orderBy(asc(libraries.id));
  const byUser = new Map<number, { id: number; name: string; books_count: number }[]>(ids.map((id) => [id, []]));
  for (const { userId, ...library } of rows) byUser.get(userId)?.push(library);
  return byUser;
}

/** Whether user `id` exists. */
export async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** True when another user (not `exceptId`) has this e-mail, whatever its case. */
export async function userEmailTaken(db: Db, email: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Sets whether a user is validated; false when no such user. */
export async function setUserAccepted(db: Db, id: number, accepted: boolean): Promise<boolean> {
  const rows = await db.update(users).set({ isAccepted: accepted, updatedAt: new Date() }).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** Locks a user's row for the rest of the transaction (subscription and credit changes); undefined when unknown. */
export async function lockUser(db: Db, id: number): Promise<{ id: number; credits: number } | undefined> {
  const [row] = await db.select({ id: users.id, credits: users.credits }).from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** A user picker's entry. */
export type UserOption = { id: number; name: string; fullname: string; email: string };

/**
 * One page of user options (`GET admin/users/user-options-list`): users matching the search
 * (names, e-mail, company), the `ids` given first (a picker's chosen users, whatever the search),
 * then by id.
 */
export async function listUserOptions(
  db: Db,
  options: { search: SQL | undefined; ids: readonly number[]; paging: Paging; within?: SQL | undefined },
): Promise<{ rows: UserOption[]; total: number }> {
  const chosen = options.ids.length
    ? sql`${users.id} in (${sql.join(
        options.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : undefined;
  const matching = chosen && options.search ? sql`(${options.search} or ${chosen})` : options.search;
  // The reader's rows bound the picker as they bound the list.
  const where = options.within ? and(matching, options.within) : matching;
  const rows = await db
    .select({ id: users.id, name: users.name, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(where)
    .orderBy(...(chosen ? [sql`(${chosen}) desc`] : []), asc(users.id))
    .limit(options.paging.perPage)
    .offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return {
    rows: rows.map((row) => ({ id: row.id, name: row.name || fullnameOf(row), fullname: fullnameOf(row), email: row.email })),
    total: total?.value ?? 0,
  };
}
