import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { subscriptions, users } from '../schema/index.js';
import type { DerivedFilter } from './filterConditions.js';

/**
 * A user's subscription state (SPEC §4 'Subscription states'), worked out here and only here: the
 * list's column and filter, the single record and the subscription rules all read this SQL.
 * - `none`: no subscription;
 * - `canceled`: the current subscription has `canceled_at` set (whatever its end date);
 * - `ended`: not canceled, and its end date is before today (UTC): a subscription is valid through
 *   the whole of its end day;
 * - `active`: otherwise (an open-ended subscription, without `subscription_end_at`, stays active).
 * The current subscription is the latest by start date, then by id (`users.current_subscription_id`).
 */
export const SUBSCRIPTION_STATES = ['none', 'active', 'canceled', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** The columns the state reads, of the `subscriptions` table or of an alias of it. */
export interface StateColumns {
  id: PgColumn | SQL;
  canceledAt: PgColumn | SQL;
  subscriptionEndAt: PgColumn | SQL;
}

/** The start of today in UTC, by the database's clock (the day an end date is compared with). */
const TODAY_UTC = sql`date_trunc('day', now(), 'UTC')`;

/** The state of the subscription whose columns are given (`none` when its id is null: no row joined). */
export function subscriptionStateSql(s: StateColumns): SQL<SubscriptionState> {
  return sql<SubscriptionState>`(case
    when ${s.id} is null then 'none'
    when ${s.canceledAt} is not null then 'canceled'
    when ${s.subscriptionEndAt} < ${TODAY_UTC} then 'ended'
    else 'active' end)`;
}

/** The states of existing subscriptions (everything but `none`), as SQL over `subscriptions` itself. */
const stateOfRow = subscriptionStateSql({ id: subscriptions.id, canceledAt: subscriptions.canceledAt, subscriptionEndAt: subscriptions.subscriptionEndAt });

const textList = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${String(value)}`),
    sql`, `,
  );

/**
 * `subscription_state` of the users list: users whose current subscription is in one of the states.
 * `none` reads the user row alone; the others look up the one current subscription by its id, so a
 * page costs one primary-key probe per row and a count one hash join (docs/data-model.md, Indexes).
 */
export const subscriptionStateFilter: DerivedFilter = {
  values: SUBSCRIPTION_STATES,
  condition(values) {
    const states = values.filter((value) => value !== 'none');
    const parts: SQL[] = [];
    if (values.includes('none')) parts.push(sql`${users.currentSubscriptionId} is null`);
    if (states.length) {
      parts.push(sql`exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${users.currentSubscriptionId} and ${stateOfRow} in (${textList(states)}))`);
    }
    return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
  },
};

/** `plan_id` of the users list: users whose current subscription (whatever its state) is on one of the plans. */
export const currentPlanFilter: DerivedFilter = {
  condition(values) {
    const ids = sql.join(
      values.map((value) => sql`${Number(value)}`),
      sql`, `,
    );
    return sql`exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${users.currentSubscriptionId} and ${subscriptions.planId} in (${ids}))`;
  },
};
