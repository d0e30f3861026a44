import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { createCardPaymentProvider } from '../../server/payments/createCardPaymentProvider.js';
import { adminApi } from '../helpers/adminApi.js';
import { startStripeServer, type TestStripe } from '../helpers/stripeServer.js';
import { insertSubscription, insertUser } from '../helpers/subscribers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * The cancel of a subscription tied to the card payment provider, whole: the route, the rules, the
 * provider's official SDK and a local server speaking its protocol, which records what the SDK sent.
 */
let stripe: TestStripe;
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  stripe = await startStripeServer();
  t = await createTestApp({}, { cardPayments: createCardPaymentProvider(loadConfig(stripe.env), { timeoutMs: 1000, maxNetworkRetries: 0 }) });
  cookie = await t.login();
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
beforeEach(() => stripe.reset());

const api = adminApi({ as: (c, o) => t.as(c, o) } as TestApp, () => cookie);

async function tiedUser(providerId: string): Promise<number> {
  const id = await insertUser(t.database.db);
  await insertSubscription(t.database.db, id, 'active', { provider: providerId });
  stripe.subscriptions.set(providerId, 'active');
  return id;
}

describe('DELETE admin/plans/{userid}/cancel on a subscription tied to the provider', () => {
  it('cancels it at the provider through its SDK (DELETE /v1/subscriptions/{id}, our key), then ours', async () => {
    const id = await tiedUser('sub_e2e_ok');
    const response = await api.call('DELETE', `plans/${id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /v1/subscriptions/sub_e2e_ok']);
    expect(stripe.requests[0]!.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(stripe.subscriptions.get('sub_e2e_ok')).toBe('canceled');
    expect((await api.call('GET', `users/${id}`)).json().data.subscription_state).toBe('canceled');
  });

  it("leaves ours active when the provider refuses, and shows the provider's message", async () => {
    const id = await tiedUser('sub_e2e_refused');
    stripe.refuseNext({ status: 400, type: 'invalid_request_error', message: 'This subscription cannot be canceled right now.' });
    const response = await api.call('DELETE', `plans/${id}/cancel`);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('This subscription cannot be canceled right now.');
    const after = (await api.call('GET', `users/${id}`)).json().data;
    expect(after.subscription_state).toBe('active');
    expect(after.subscription.canceled_at).toBeNull();
  });
});
