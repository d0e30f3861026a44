import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { subscriptions, users } from '../../schema/index.js';
import type { DerivedFilter } from '../../../engine/filterDeclaration.js';

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
export type { SubscriptionState } from '../../../../common/subscribers.js';
import { SUBSCRIPTION_STATES, type SubscriptionState } from '../../../../common/subscribers.js';

/** The columns the state reads, of the `subscriptions` table or of an alias of it. */
export interface StateColumns {
  id: PgColumn | SQL;
  canceledAt: PgColumn | SQL;
  subscriptionEndAt: PgColumn | SQL;
}

/** The start of today in UTC, by the database's clock (the day an end date is compared with). */
const TODAY_UTC = sql`date_trunc('day', now(), 'UTC')`;

/**
 * The rule of each state, as a condition on the columns given: the one definition the state
 * expression and the list's filter are both built from (so they cannot disagree), written as
 * plain comparisons that PostgreSQL evaluates cheaply row by row and, for `none`, from an index.
 */
const STATE_RULES: Record<SubscriptionState, (s: StateColumns) => SQL> = {
  none: (s) => sql`${s.id} is null`,
  canceled: (s) => sql`(${s.id} is not null and ${s.canceledAt} is not null)`,
  ended: (s) => sql`(${s.id} is not null and ${s.canceledAt} is null and ${s.subscriptionEndAt} < ${TODAY_UTC})`,
  active: (s) => sql`(${s.id} is not null and ${s.canceledAt} is null and (${s.subscriptionEndAt} is null or ${s.subscriptionEndAt} >= ${TODAY_UTC}))`,
};

/** The state of the subscription whose columns are given (`none` when its id is null: no row joined). */
export function subscriptionStateSql(s: StateColumns): SQL<SubscriptionState> {
  const order: SubscriptionState[] = ['none', 'canceled', 'ended', 'active'];
  return sql<SubscriptionState>`(case ${sql.join(
    order.map((state) => sql`when ${STATE_RULES[state](s)} then ${state}`),
    sql` `,
  )} end)`;
}

/** The columns of the user row holding the current subscription's (copied by the triggers of migration 0007). */
const USER_COLUMNS: StateColumns = {
  id: users.currentSubscriptionId,
  canceledAt: users.currentSubscriptionCanceledAt,
  subscriptionEndAt: users.currentSubscriptionEndAt,
};

/**
 * The state of a user's current subscription, read from the user row: the triggers of migration
 * 0007 copy the current subscription's id, end and cancel dates there, so the list's column and
 * filter need no join (docs/data-model.md, Indexes).
 */
export const userSubscriptionState = subscriptionStateSql(USER_COLUMNS);

/** The state of a `subscriptions` row (never `none`). */
export const subscriptionRowState = subscriptionStateSql({
  id: subscriptions.id,
  canceledAt: subscriptions.canceledAt,
  subscriptionEndAt: subscriptions.subscriptionEndAt,
});

/**
 * `subscription_state` of the users list: users whose current subscription is in one of the
 * states. A condition on the user row alone: a page reads the rows in id order until it has
 * enough, a count scans `users` once.
 */
export const subscriptionStateFilter: DerivedFilter = {
  values: SUBSCRIPTION_STATES,
  condition(values) {
    const rules = SUBSCRIPTION_STATES.filter((state) => values.includes(state)).map((state) => STATE_RULES[state](USER_COLUMNS));
    return rules.length === 1 ? rules[0]! : sql`(${sql.join(rules, sql` or `)})`;
  },
};
