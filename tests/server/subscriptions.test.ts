import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditMovements, subscriptions, users } from '../../server/db/schema/index.js';
import { CardPaymentNotConfiguredError } from '../../server/payments/CardPaymentProvider.js';
import { SUBSCRIPTION_MESSAGES } from '../../server/subscribers/subscriptionService.js';
import { adminApi } from '../helpers/adminApi.js';
import { day, insertSubscription, insertUser, planId, RecordingCardPayments, type TestState } from '../helpers/subscribers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * A user's subscription and credits (SPEC §4 'Subscription states', §5, §7): add only when none or
 * canceled, cancel only when active (at the card payment provider first when tied to it), credits
 * only with a subscription and as whole numbers, each change in one transaction.
 */
let t: TestApp;
let cookie: string;
const provider = new RecordingCardPayments();
beforeAll(async () => {
  t = await createTestApp({}, { cardPayments: provider });
  cookie = await t.login();
});
afterAll(async () => t.close());
beforeEach(() => {
  provider.calls.length = 0;
  provider.failure = undefined;
});

// `t` is built in beforeAll: the calls reach it through this late-bound shim.
const api = adminApi({ as: (c, o) => t.as(c, o) } as TestApp, () => cookie);
const db = () => t.database.db;
const record = async (id: number) => (await api.call('GET', `users/${id}`)).json().data;
const movements = (userId: number) => db().select().from(creditMovements).where(eq(creditMovements.userId, userId)).orderBy(asc(creditMovements.id));

/** A user in the given state (`none`: no subscription). */
async function userIn(state: TestState | 'none', options: { provider?: string; credits?: number } = {}): Promise<number> {
  const id = await insertUser(db(), { credits: options.credits ?? 0 });
  if (state !== 'none') await insertSubscription(db(), id, state, options);
  return id;
}

describe('GET admin/plans', () => {
  it('lists the plans with role, amount in cents, commitment, paid and credits', async () => {
    const list = await api.list('plans');
    expect(list.data.map((plan) => plan.role)).toEqual(['essential', 'premium', 'vip']);
    expect(list.data[0]).toEqual({ id: expect.any(Number), role: 'essential', name: 'essential', amount: 9900, commitment: 12, paid: true, credits: 10 });
    expect(list.meta.total).toBe(3);
    const one = await api.call('GET', `plans/${list.data[1]!.id}`);
    expect(one.json().data.role).toBe('premium');
    expect((await api.call('GET', 'plans/999999')).json()).toEqual({ message: 'Plan not found' });
  });
});

describe('POST admin/plans/{userid}', () => {
  it('adds a subscription to a user without one: paid and commitment from the plan, credits added with a plan movement by the administrator', async () => {
    const id = await userIn('none', { credits: 4 });
    const premium = await planId(db(), 'premium');
    const response = await api.call('POST', `plans/${id}`, { plan_id: premium, start_date: day(0), end_date: day(365), credits: 30 });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(SUBSCRIPTION_MESSAGES.added);
    expect(data.subscription_state).toBe('active');
    expect(data.credits).toBe(34);
    expect(data.subscription).toMatchObject({
      plan_id: premium,
      role: 'premium',
      amount: 24900,
      paid: true,
      commitment: 12,
      start_date: day(0),
      canceled_at: null,
      provider_subscription_id: null,
      state: 'active',
    });
    expect(data.subscription.subscription_end_at).toBe(`${day(365)}T00:00:00.000Z`);
    expect(await movements(id)).toMatchObject([{ amount: 30, balance: 34, reason: 'plan', administratorId: expect.any(Number) }]);
    const history = (await api.list(`users/${id}/credits`)).data;
    expect(history).toMatchObject([{ amount: 30, balance: 34, reason: 'plan', administrator_name: 'Staff Member' }]);
  });

  it("grants the plan's credits when the body has none, and records nothing for 0", async () => {
    const id = await userIn('none');
    const response = await api.call('POST', `plans/${id}`, { plan_id: await planId(db(), 'vip'), start_date: day(0), end_date: day(30) });
    expect(response.json().data.credits).toBe(100);
    const other = await userIn('none');
    const zero = await api.call('POST', `plans/${other}`, { plan_id: await planId(db(), 'vip'), start_date: day(0), end_date: day(30), credits: 0 });
    expect(zero.json().data.credits).toBe(0);
    expect(await movements(other)).toEqual([]);
  });

  it('adds a subscription after a canceled one, which it replaces as the current one', async () => {
    const id = await userIn('canceled');
    const response = await api.call('POST', `plans/${id}`, { plan_id: await planId(db(), 'essential'), start_date: day(0), end_date: day(90), credits: 10 });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.subscription_state).toBe('active');
    expect(data.plans.map((plan: { state: string }) => plan.state)).toEqual(['active', 'canceled']);
  });

  it('refuses while the subscription is active or ended (409), changing nothing', async () => {
    for (const [state, message] of [
      ['active', SUBSCRIPTION_MESSAGES.addWhileActive],
      ['ended', SUBSCRIPTION_MESSAGES.addWhileEnded],
    ] as const) {
      const id = await userIn(state);
      const response = await api.call('POST', `plans/${id}`, { plan_id: await planId(db(), 'vip'), start_date: day(0), end_date: day(30), credits: 5 });
      expect(response.statusCode, state).toBe(409);
      expect(response.json()).toEqual({ message });
      expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, id))).toHaveLength(1);
      expect((await record(id)).credits).toBe(0);
    }
  });

  it('answers 422 per field in the words of the dialog: what to choose or give, dates yyyy-MM-dd, end after start, an existing plan, whole credits', async () => {
    const id = await userIn('none');
    const plan = await planId(db(), 'essential');
    const cases: [object, Record<string, string[]>][] = [
      // What 'Add subscription' sends when submitted empty: no plan, today's start, no end, no credits.
      [
        { plan_id: null, start_date: day(0), end_date: '', credits: null },
        { plan_id: ['Choose a plan'], end_date: ['Give an end date'], credits: ['Credits must be a whole number'] },
      ],
      [{}, { plan_id: ['Choose a plan'], start_date: ['Give a start date'], end_date: ['Give an end date'] }],
      [{ plan_id: 'premium', start_date: day(0), end_date: day(9) }, { plan_id: ['Choose one of the plans offered'] }],
      [
        { plan_id: plan, start_date: '15/06/2026', end_date: '2026-13-01' },
        { start_date: ['Give the start date as a day (yyyy-mm-dd)'], end_date: ['Give the end date as a day (yyyy-mm-dd)'] },
      ],
      [{ plan_id: plan, start_date: '2026-02-30', end_date: '2026-03-01' }, { start_date: ['Give the start date as a day (yyyy-mm-dd)'] }],
      [{ plan_id: plan, start_date: day(10), end_date: day(10) }, { end_date: [SUBSCRIPTION_MESSAGES.endBeforeStart] }],
      [{ plan_id: plan, start_date: day(10), end_date: day(9) }, { end_date: [SUBSCRIPTION_MESSAGES.endBeforeStart] }],
      [{ plan_id: 999999, start_date: day(0), end_date: day(9) }, { plan_id: ['This plan no longer exists: choose another one'] }],
      [{ plan_id: plan, start_date: day(0), end_date: day(9), credits: 2.5 }, { credits: ['Credits must be a whole number'] }],
      [{ plan_id: plan, start_date: day(0), end_date: day(9), credits: -1 }, { credits: ['Credits must be a whole number from 0 to 1,000,000'] }],
      [{ plan_id: plan, start_date: day(0), end_date: day(9), coupon: 'X' }, { coupon: ['The coupon field is not accepted by this action.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await api.call('POST', `plans/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
      // The toast says the first field's refusal, in the dialog's order.
      expect(response.json().message, JSON.stringify(body)).toBe(Object.values(errors)[0]![0]);
    }
    expect((await record(id)).subscription).toBeNull();
  });

  it("refuses a start before the current subscription's, which would leave the old one current", async () => {
    const id = await insertUser(db());
    await insertSubscription(db(), id, 'canceled', { start: day(-10) });
    const response = await api.call('POST', `plans/${id}`, { plan_id: await planId(db(), 'essential'), start_date: day(-11), end_date: day(30) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ start_date: [SUBSCRIPTION_MESSAGES.startBeforeCurrent(day(-10))] });
  });

  it('answers 404 for an unknown user or an id that is not one', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const response = await api.call('POST', `plans/${id}`, { plan_id: 1, start_date: day(0), end_date: day(9) });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'User not found' });
    }
  });
});

describe('DELETE admin/plans/{userid}/cancel', () => {
  it('cancels an active subscription not tied to the provider without calling it', async () => {
    const id = await userIn('active');
    const response = await api.call('DELETE', `plans/${id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(SUBSCRIPTION_MESSAGES.canceled);
    expect(response.json().data.subscription_state).toBe('canceled');
    expect(response.json().data.subscription.canceled_at).toEqual(expect.any(String));
    expect(provider.calls).toEqual([]);
  });

  it('cancels a tied subscription at the provider first, then ours', async () => {
    const id = await userIn('active', { provider: 'sub_tied_ok' });
    const response = await api.call('DELETE', `plans/${id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(provider.calls).toEqual(['sub_tied_ok']);
    expect((await record(id)).subscription_state).toBe('canceled');
  });

  it("leaves ours unchanged when the provider refuses, with the provider's message (502)", async () => {
    const id = await userIn('active', { provider: 'sub_tied_refused' });
    provider.failure = { refuse: 'No such subscription: sub_tied_refused' };
    const response = await api.call('DELETE', `plans/${id}/cancel`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.providerRefused('No such subscription: sub_tied_refused') });
    expect(response.json().message).toContain('No such subscription: sub_tied_refused');
    const after = await record(id);
    expect(after.subscription_state).toBe('active');
    expect(after.subscription.canceled_at).toBeNull();
  });

  it('refuses a tied subscription without a provider key with a clear 409, never a 500, changing nothing', async () => {
    const keyless = await createTestApp(); // the default provider: no key configured
    try {
      const keylessCookie = await keyless.login();
      const id = await insertUser(keyless.database.db);
      await insertSubscription(keyless.database.db, id, 'active', { provider: 'sub_tied_no_key' });
      const response = await keyless.as(keylessCookie, { method: 'DELETE', url: `/api/admin/plans/${id}/cancel` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: new CardPaymentNotConfiguredError().message });
      const after = await keyless.as(keylessCookie, { method: 'GET', url: `/api/admin/users/${id}` });
      expect(after.json().data.subscription_state).toBe('active');
      // A subscription not tied to the provider is cancelled without a key.
      const free = await insertUser(keyless.database.db);
      await insertSubscription(keyless.database.db, free, 'active');
      expect((await keyless.as(keylessCookie, { method: 'DELETE', url: `/api/admin/plans/${free}/cancel` })).statusCode).toBe(200);
    } finally {
      await keyless.close();
    }
  });

  it('refuses when there is no active subscription (409), without calling the provider', async () => {
    for (const [state, message] of [
      ['none', SUBSCRIPTION_MESSAGES.cancelWithout],
      ['canceled', SUBSCRIPTION_MESSAGES.cancelCanceled],
      ['ended', SUBSCRIPTION_MESSAGES.cancelEnded],
    ] as const) {
      const id = await userIn(state, { provider: state === 'none' ? undefined : `sub_${state}_x` });
      const response = await api.call('DELETE', `plans/${id}/cancel`);
      expect(response.statusCode, state).toBe(409);
      expect(response.json()).toEqual({ message });
    }
    expect(provider.calls).toEqual([]);
    expect((await api.call('DELETE', 'plans/999999/cancel')).statusCode).toBe(404);
  });
});

describe('POST admin/users/{userid}/credits', () => {
  it('sets the balance and records the change with its administrator, in every subscription state', async () => {
    for (const state of ['active', 'canceled', 'ended'] as const) {
      const id = await userIn(state, { credits: 10 });
      const response = await api.call('POST', `users/${id}/credits`, { credits: 7 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ message: SUBSCRIPTION_MESSAGES.creditsUpdated, data: { id, credits: 7 } });
      expect(await movements(id)).toMatchObject([{ amount: -3, balance: 7, reason: 'manual', administratorId: expect.any(Number) }]);
    }
  });

  it('records nothing when the balance does not change', async () => {
    const id = await userIn('active', { credits: 5 });
    expect((await api.call('POST', `users/${id}/credits`, { credits: 5 })).statusCode).toBe(200);
    expect(await movements(id)).toEqual([]);
  });

  it('accepts whole numbers only (422, in the words of the dialog), and changes nothing', async () => {
    const id = await userIn('active', { credits: 5 });
    const cases: [unknown, string][] = [
      [{ credits: 1.5 }, 'Credits must be a whole number'],
      [{ credits: '3' }, 'Credits must be a whole number'],
      [{ credits: -1 }, 'Credits must be a whole number from 0 to 1,000,000'],
      [{ credits: null }, 'Credits must be a whole number'],
      [{ credits: 1_000_001 }, 'Credits must be a whole number from 0 to 1,000,000'],
      [{}, 'Credits must be a whole number'],
    ];
    for (const [body, message] of cases) {
      const response = await api.call('POST', `users/${id}/credits`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toEqual({ credits: [message] });
    }
    expect((await record(id)).credits).toBe(5);
    expect(await movements(id)).toEqual([]);
  });

  it('refuses a user without a subscription (409)', async () => {
    const id = await userIn('none');
    const response = await api.call('POST', `users/${id}/credits`, { credits: 3 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.creditsWithoutSubscription });
    expect((await api.call('POST', 'users/999999/credits', { credits: 3 })).statusCode).toBe(404);
  });

  it('keeps balance and history in step under concurrent changes (one transaction each, the user row locked)', async () => {
    const id = await userIn('active', { credits: 0 });
    const results = await Promise.all([3, 8, 1, 6].map((credits) => api.call('POST', `users/${id}/credits`, { credits })));
    expect(results.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await movements(id);
    let balance = 0;
    for (const row of rows) {
      balance += row.amount;
      expect(row.balance).toBe(balance);
    }
    const [user] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, id));
    expect(user!.credits).toBe(balance);
  });
});

describe('GET admin/users/{userid}/credits', () => {
  it('pages the history newest first: date, change, balance, reason, by whom', async () => {
    const id = await userIn('active', { credits: 0 });
    for (const credits of [4, 9, 2]) await api.call('POST', `users/${id}/credits`, { credits });
    const page = await api.list(`users/${id}/credits`, 'perPage=2');
    expect(page.meta).toEqual({ total: 3, current_page: 1, per_page: 2, last_page: 2 });
    expect(page.data.map((row) => [row.amount, row.balance])).toEqual([
      [-7, 2],
      [5, 9],
    ]);
    expect(Object.keys(page.data[0]!).sort()).toEqual(['administrator_id', 'administrator_name', 'amount', 'balance', 'created_at', 'id', 'reason']);
    expect(page.data[0]).toMatchObject({ reason: 'manual', administrator_name: 'Staff Member' });
    expect((await api.call('GET', `users/${id}/credits?page=0`)).statusCode).toBe(422);
    expect((await api.call('GET', `users/${id}/credits?reason=x`)).statusCode).toBe(422);
    expect((await api.call('GET', 'users/999999/credits')).json()).toEqual({ message: 'User not found' });
  });
});
