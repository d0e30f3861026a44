import http from 'node:http';
import type net from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { CardPaymentError, CardPaymentNotConfiguredError, UNCONFIGURED_CARD_PAYMENTS } from '../../server/payments/CardPaymentProvider.js';
import { createCardPaymentProvider } from '../../server/payments/createCardPaymentProvider.js';
import { startStripeServer, type StripeRefusal, type TestStripe } from '../helpers/stripeServer.js';
import { createTestApp } from '../helpers/testApp.js';

// The Stripe-backed card payment provider, run through the official SDK against a local HTTP
// server that speaks the provider's subscription endpoints (tests/helpers/stripeServer.ts).

const KEY = 'sk_test_cardPaymentsSuite0001';
/** Short limits keep the timeout and retry cases fast; production uses 5 s and one retry. */
const LIMITS = { timeoutMs: 300, maxNetworkRetries: 1 };

let stripe: TestStripe;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

beforeAll(async () => {
  stripe = await startStripeServer(KEY);
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  stripe.reset();
  expect(unhandled).toEqual([]);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await stripe.close();
});

const provider = (env: Record<string, string> = stripe.env, limits: { timeoutMs?: number; maxNetworkRetries?: number } = LIMITS) =>
  createCardPaymentProvider(loadConfig(env), limits);

/** The rejection of `promise`, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('cancelling a subscription at the card payment provider', () => {
  it('sends DELETE /v1/subscriptions/{id} with the key as Bearer authorisation and the SDK API version', async () => {
    stripe.subscriptions.set('sub_123', 'active');
    const payments = provider();
    expect(payments.configured).toBe(true);

    await payments.cancelSubscription('sub_123');

    expect(stripe.requests).toHaveLength(1);
    const [request] = stripe.requests;
    expect(request).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_123', body: '' });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers['stripe-version']).toBe(Stripe.API_VERSION);
    // Stripe ignores idempotency keys on DELETE; the SDK sends none (see the retry cases below).
    expect(request!.headers['idempotency-key']).toBeUndefined();
    expect(request!.headers['x-stripe-client-telemetry']).toBeUndefined();
    expect(stripe.subscriptions.get('sub_123')).toBe('canceled');
  });

  it('encodes the id into the path', async () => {
    stripe.subscriptions.set('sub_a/b', 'active');
    await provider().cancelSubscription('sub_a/b');
    expect(stripe.requests.map((r) => r.path)).toEqual(['/v1/subscriptions/sub_a%2Fb']);
  });

  it('takes a subscription already canceled at the provider as cancelled: it reads it back after "No such subscription"', async () => {
    stripe.subscriptions.set('sub_done', 'canceled');
    await expect(provider().cancelSubscription('sub_done')).resolves.toBeUndefined();
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /v1/subscriptions/sub_done', 'GET /v1/subscriptions/sub_done']);
  });

  it('refuses a subscription the provider does not know, with its message', async () => {
    const error = await rejection(provider().cancelSubscription('sub_unknown'));
    expect(error).toBeInstanceOf(CardPaymentError);
    expect(error).toMatchObject({ message: "No such subscription: 'sub_unknown'", code: 'resource_missing' });
    expect(stripe.requests.map((r) => r.method)).toEqual(['DELETE', 'GET']);
  });

  it('fails with the reading error when the read-back after "No such subscription" fails', async () => {
    stripe.refuseNext({ status: 404, type: 'invalid_request_error', code: 'resource_missing', message: "No such subscription: 'sub_x'" });
    stripe.refuseNext({ status: 403, type: 'invalid_request_error', message: 'The provided key does not have the required permissions for this endpoint.' });
    const error = await rejection(provider().cancelSubscription('sub_x'));
    expect(error).toBeInstanceOf(CardPaymentError);
    expect((error as Error).message).toBe('The provided key does not have the required permissions for this endpoint.');
  });

  const refusals: Array<[string, StripeRefusal, string]> = [
    [
      'an invalid request',
      {
        status: 400,
        type: 'invalid_request_error',
        message: 'The subscription is managed by the subscription schedule `sub_sched_1`, and cancelling it directly is not allowed.',
      },
      'invalid_request_error',
    ],
    ['a card error', { status: 402, type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }, 'card_declined'],
    ['a wrong key', { status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****0001' }, 'invalid_request_error'],
    [
      'a missing permission',
      { status: 403, type: 'invalid_request_error', message: 'The provided key does not have the required permissions.' },
      'invalid_request_error',
    ],
    ['the rate limit', { status: 429, type: 'rate_limit_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' }, 'rate_limit'],
  ];
  it.each(refusals)('turns %s into a CardPaymentError with the provider message, without retrying', async (_name, refusal, code) => {
    stripe.subscriptions.set('sub_123', 'active');
    stripe.refuseNext(refusal);
    const error = await rejection(provider().cancelSubscription('sub_123'));
    expect(error).toBeInstanceOf(CardPaymentError);
    expect(error).toMatchObject({ message: refusal.message, code });
    expect(stripe.requests).toHaveLength(1);
    expect(stripe.subscriptions.get('sub_123')).toBe('active');
  });

  it('answers a wrong key with the provider message', async () => {
    const error = await rejection(provider({ ...stripe.env, STRIPE_SECRET_KEY: 'sk_test_someOtherKey' }).cancelSubscription('sub_123'));
    expect(error).toBeInstanceOf(CardPaymentError);
    expect((error as Error).message).toMatch(/^Invalid API Key provided/);
  });

  it('retries once after a provider error (5xx), then succeeds', async () => {
    stripe.subscriptions.set('sub_123', 'active');
    stripe.refuseNext({ status: 500, type: 'api_error', message: 'An unknown error occurred.' });
    await provider().cancelSubscription('sub_123');
    expect(stripe.requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
    expect(stripe.subscriptions.get('sub_123')).toBe('canceled');
  });

  it('gives the provider message when the retry fails too', async () => {
    stripe.refuseNext({ status: 500, type: 'api_error', message: 'An unknown error occurred.' }, 2);
    const error = await rejection(provider().cancelSubscription('sub_123'));
    expect(error).toBeInstanceOf(CardPaymentError);
    expect(error).toMatchObject({ message: 'An unknown error occurred.', code: 'api_error' });
    expect(stripe.requests).toHaveLength(2);
  });

  it('says the provider did not answer in time when it hangs, after one retry', async () => {
    stripe.subscriptions.set('sub_123', 'active');
    stripe.hangNext(2);
    const started = Date.now();
    const error = await rejection(provider().cancelSubscription('sub_123'));
    expect(error).toBeInstanceOf(CardPaymentError);
    expect(error).toMatchObject({ code: 'timeout' });
    expect((error as Error).message).toBe(`The card payment provider (127.0.0.1:${stripe.port}) did not answer within 0.3 s. Try again in a moment.`);
    expect(stripe.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5000); // two 300 ms attempts and the SDK's back-off (0.5 – 1 s)
  });

  it('cancels on the retry when the first attempt timed out after the provider had cancelled', async () => {
    // The first DELETE is received and applied, but its answer never comes; the retried DELETE
    // gets "No such subscription", and the read-back finds it canceled.
    stripe.subscriptions.set('sub_123', 'canceled');
    stripe.hangNext();
    await provider().cancelSubscription('sub_123');
    expect(stripe.requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE', 'GET']);
  });

  it('says the provider could not be reached when nothing listens there', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await rejection(
      provider({ ...stripe.env, STRIPE_API_PORT: String(port) }, { timeoutMs: 300, maxNetworkRetries: 0 }).cancelSubscription('sub_123'),
    );
    expect(error).toBeInstanceOf(CardPaymentError);
    expect(error).toMatchObject({
      message: `The card payment provider could not be reached (127.0.0.1:${port}). Try again in a moment.`,
      code: 'connection_error',
    });
  });

  it('refuses an empty id without calling the provider', async () => {
    await expect(provider().cancelSubscription(' ')).rejects.toBeInstanceOf(CardPaymentError);
    expect(stripe.requests).toEqual([]);
  });
});

describe('without a provider key', () => {
  it('is the unconfigured provider, which refuses with CardPaymentNotConfiguredError', async () => {
    const payments = createCardPaymentProvider(loadConfig({ STRIPE_API_HOST: stripe.host, STRIPE_API_PORT: String(stripe.port), STRIPE_API_PROTOCOL: 'http' }));
    expect(payments).toBe(UNCONFIGURED_CARD_PAYMENTS);
    expect(payments.configured).toBe(false);
    const error = await rejection(payments.cancelSubscription('sub_123'));
    expect(error).toBeInstanceOf(CardPaymentNotConfiguredError);
    expect((error as Error).message).toMatch(/STRIPE_SECRET_KEY/);
    expect(stripe.requests).toEqual([]);
  });

  it('the application gets the provider it is given, and the unconfigured one by default', async () => {
    const configured = await createTestApp(stripe.env, { cardPayments: provider() });
    const unconfigured = await createTestApp();
    try {
      expect(configured.app.cardPayments.configured).toBe(true);
      expect(unconfigured.app.cardPayments).toBe(UNCONFIGURED_CARD_PAYMENTS);
    } finally {
      await configured.close();
      await unconfigured.close();
    }
  });
});

describe('card payment settings', () => {
  it('are all optional', () => {
    expect(loadConfig({})).toMatchObject({ stripeSecretKey: undefined, stripeApiHost: undefined, stripeApiPort: undefined, stripeApiProtocol: undefined });
  });

  it('read a secret or restricted key, a host, a port and a protocol', () => {
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abcDEF123', STRIPE_API_HOST: 'localhost', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'HTTP' }),
    ).toMatchObject({
      stripeSecretKey: 'sk_live_abcDEF123',
      stripeApiHost: 'localhost',
      stripeApiPort: 12111,
      stripeApiProtocol: 'http',
    });
    expect(loadConfig({ STRIPE_SECRET_KEY: ' rk_test_abc123 ', STRIPE_API_HOST: '::1' })).toMatchObject({
      stripeSecretKey: 'rk_test_abc123',
      stripeApiHost: '::1',
    });
  });

  it.each([
    ['pk_test_publishable123', /^STRIPE_SECRET_KEY is a publishable key/],
    ['whsec_webhookSecret123', /^STRIPE_SECRET_KEY does not look like a secret key/],
    ['sk_demo_secret123', /^STRIPE_SECRET_KEY does not look like a secret key/],
    ['sk_test_has space123', /^STRIPE_SECRET_KEY does not look like a secret key/],
  ])('refuse the key %s without repeating it', (key, message) => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: key })).toThrow(message);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: key })).not.toThrow(key.slice(3));
  });

  it.each([
    [{ STRIPE_API_PROTOCOL: 'ftp' }, /^STRIPE_API_PROTOCOL must be http or https, got "ftp"/],
    [{ STRIPE_API_PORT: '0' }, /^STRIPE_API_PORT must be a whole number between 1 and 65535/],
    [{ STRIPE_API_PORT: '65536' }, /^STRIPE_API_PORT must be a whole number between 1 and 65535/],
    [{ STRIPE_API_PORT: 'https' }, /^STRIPE_API_PORT must be a whole number between 1 and 65535/],
    [{ STRIPE_API_HOST: 'http://127.0.0.1' }, /^STRIPE_API_HOST must be a host name or address alone/],
    [{ STRIPE_API_HOST: '127.0.0.1:12111' }, /^STRIPE_API_HOST must be a host name or address alone/],
    [{ STRIPE_API_HOST: 'api.stripe.com/v1' }, /^STRIPE_API_HOST must be a host name or address alone/],
  ])('refuse %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
