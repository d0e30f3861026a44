import type Stripe from 'stripe';

/** The SDK's class, loaded on first use (its static `errors`). */
type StripeSdk = typeof Stripe;
import { CardPaymentError, type CardPaymentProvider } from './CardPaymentProvider.js';

/** How long one attempt waits for the provider (a silent socket), in milliseconds. */
const STRIPE_TIMEOUT_MS = 5000;
/**
 * Retries after the first attempt, on a network failure, a timeout, a 409 or a 5xx (the SDK's
 * rules). One keeps a staff member's wait near ten seconds at worst.
 */
const STRIPE_MAX_NETWORK_RETRIES = 1;

/** What the Stripe-backed provider is built from: the key, where the API is, how long to wait. */
export interface StripeCardPaymentsOptions {
  secretKey: string;
  /** The API's host, port and protocol; absent, the SDK's own (https://api.stripe.com:443). */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
  /** Per attempt; default STRIPE_TIMEOUT_MS (tests shorten it). */
  timeoutMs?: number;
  /** Default STRIPE_MAX_NETWORK_RETRIES. */
  maxNetworkRetries?: number;
}

/**
 * The card payment provider backed by Stripe's official SDK. `cancelSubscription` cancels at
 * once (DELETE /v1/subscriptions/{id}); every SDK failure becomes a `CardPaymentError` carrying
 * the provider's message, or, when the provider could not be reached, a message saying so.
 */
export function createStripeCardPayments(options: StripeCardPaymentsOptions): CardPaymentProvider {
  const timeoutMs = options.timeoutMs ?? STRIPE_TIMEOUT_MS;
  // The SDK is loaded with the first call, not with the server: a third of a second of every
  // start (bench/results.md, 'Server start').
  let sdk: Promise<{ Stripe: StripeSdk; stripe: Stripe }> | undefined;
  const loaded = () =>
    (sdk ??= import('stripe').then(({ default: sdkClass }) => ({
      Stripe: sdkClass,
      stripe: new sdkClass(options.secretKey, {
        ...(options.host ? { host: options.host } : {}),
        ...(options.port ? { port: options.port } : {}),
        ...(options.protocol ? { protocol: options.protocol } : {}),
        timeout: timeoutMs,
        maxNetworkRetries: options.maxNetworkRetries ?? STRIPE_MAX_NETWORK_RETRIES,
        // The latency figures of earlier calls would ride on each request; nothing here needs them.
        telemetry: false,
      }),
    })));
  const where = `${options.host ?? 'api.stripe.com'}${options.port ? `:${options.port}` : ''}`;

  return {
    configured: true,
    async cancelSubscription(providerSubscriptionId) {
      if (!providerSubscriptionId.trim()) throw new CardPaymentError('The subscription has no card payment provider id to cancel.');
      const { Stripe, stripe } = await loaded();
      const toError = (error: unknown) => cardPaymentError(Stripe, error, { where, timeoutMs });
      try {
        await stripe.subscriptions.cancel(providerSubscriptionId);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'resource_missing') throw toError(error);
        // Stripe answers a cancel of an already canceled subscription as if it did not exist
        // ("No such subscription"), while it still reads it back with status 'canceled'. That
        // happens after a retry whose first attempt went through, or after a cancellation made
        // on the provider's dashboard: the subscription is cancelled there, which is what staff
        // asked for, so it is a success. A subscription the provider really does not know (a
        // test key against a live id, a mistyped id) stays a refusal: cancelling only our side
        // could leave a customer still being charged.
        let canceled: boolean;
        try {
          canceled = await isCanceled(Stripe, stripe, providerSubscriptionId);
        } catch (readError) {
          throw toError(readError);
        }
        if (!canceled) throw toError(error);
      }
    },
  };
}

/** Whether the provider has the subscription, canceled; false when it does not know it. */
async function isCanceled(Stripe: StripeSdk, stripe: Stripe, providerSubscriptionId: string): Promise<boolean> {
  try {
    const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId);
    return subscription.status === 'canceled';
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return false;
    throw error;
  }
}

/**
 * A `CardPaymentError` for an SDK failure: the provider's message and code (or type) when it
 * answered, a message naming the unreachable host or the timeout when it did not. Anything that
 * is not an SDK error is a fault of ours and is thrown on as is.
 */
function cardPaymentError(Stripe: StripeSdk, error: unknown, { where, timeoutMs }: { where: string; timeoutMs: number }): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const timedOut = (error.detail as { code?: unknown } | undefined)?.code === 'ETIMEDOUT';
    return timedOut
      ? new CardPaymentError(`The card payment provider (${where}) did not answer within ${timeoutMs / 1000} s. Try again in a moment.`, 'timeout')
      : new CardPaymentError(`The card payment provider could not be reached (${where}). Try again in a moment.`, 'connection_error');
  }
  const code = error.code ?? error.rawType ?? error.type;
  const message = error.message || `The card payment provider refused the request (HTTP ${error.statusCode ?? 'error'}).`;
  return new CardPaymentError(message, code);
}
