import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';
import { userSearchText } from '../../server/resources/users.js';
import { plans, subscriptions, users } from '../../server/db/schema/index.js';
import type { CardPaymentProvider } from '../../server/payments/CardPaymentProvider.js';
import { CardPaymentError, CardPaymentNotConfiguredError } from '../../server/payments/CardPaymentProvider.js';

/** A date `days` from today (UTC), as yyyy-MM-dd. */
export const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let count = 0;

/** Inserts a subscriber (unique e-mail), with the columns given. */
export async function insertUser(db: Db, values: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  count += 1;
  const row = { firstname: 'Ann', lastname: `Lee${count}`, email: `ann${count}.${Date.now()}@subscribers.test`, company: 'Films', ...values };
  const [inserted] = await db
    .insert(users)
    .values({
      ...row,
      searchText: userSearchText({ name: row.name ?? null, firstname: row.firstname, lastname: row.lastname, email: row.email, company: row.company ?? null }),
    })
    .returning({ id: users.id });
  return inserted!.id;
}

/** The id of a seeded plan by role. */
export async function planId(db: Db, role: 'essential' | 'premium' | 'vip'): Promise<number> {
  const [row] = await db.select({ id: plans.id }).from(plans).where(eq(plans.role, role));
  return row!.id;
}

/** Subscription states a test can set up directly. */
export type TestState = 'active' | 'canceled' | 'ended';

/** Inserts a subscription in a state: active (ends in a year), canceled (yesterday), ended (ended a week ago). */
export async function insertSubscription(
  db: Db,
  userId: number,
  state: TestState,
  options: { role?: 'essential' | 'premium' | 'vip'; provider?: string; start?: string } = {},
): Promise<number> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      planId: await planId(db, options.role ?? 'essential'),
      startDate: options.start ?? (state === 'ended' ? day(-400) : day(-30)),
      subscriptionEndAt: new Date(`${state === 'ended' ? day(-7) : day(335)}T00:00:00Z`),
      canceledAt: state === 'canceled' ? new Date(Date.now() - 86_400_000) : null,
      providerSubscriptionId: options.provider ?? null,
    })
    .returning({ id: subscriptions.id });
  return row!.id;
}

/** A card payment provider of the tests: records its calls, and fails as told. */
export class RecordingCardPayments implements CardPaymentProvider {
  readonly calls: string[] = [];
  /** The next calls' failure: the provider's refusal (its message), or a missing key. */
  failure: { refuse: string } | 'no key' | undefined;
  constructor(readonly configured = true) {}
  async cancelSubscription(providerSubscriptionId: string): Promise<void> {
    this.calls.push(providerSubscriptionId);
    if (this.failure === 'no key' || !this.configured) throw new CardPaymentNotConfiguredError();
    if (this.failure) throw new CardPaymentError(this.failure.refuse, 'resource_missing');
  }
}
