import type { Config } from '../config.js';
import { UNCONFIGURED_CARD_PAYMENTS, type CardPaymentProvider } from './CardPaymentProvider.js';
import { createStripeCardPayments, type StripeCardPaymentsOptions } from './stripeCardPayments.js';

/** The settings the provider is built from (README, "Configuration"). */
export type CardPaymentConfig = Pick<Config, 'stripeSecretKey' | 'stripeApiHost' | 'stripeApiPort' | 'stripeApiProtocol'>;

/**
 * The card payment provider the configuration describes: `UNCONFIGURED_CARD_PAYMENTS` without
 * STRIPE_SECRET_KEY (linked subscriptions then cannot be cancelled, and the server says so), else
 * the Stripe-backed one at STRIPE_API_HOST/PORT/PROTOCOL. `limits` shortens the timeout and the
 * retries (tests); the defaults are in server/payments/stripeCardPayments.ts.
 */
export function createCardPaymentProvider(
  config: CardPaymentConfig,
  limits: Pick<StripeCardPaymentsOptions, 'timeoutMs' | 'maxNetworkRetries'> = {},
): CardPaymentProvider {
  if (config.stripeSecretKey === undefined) return UNCONFIGURED_CARD_PAYMENTS;
  return createStripeCardPayments({
    secretKey: config.stripeSecretKey,
    host: config.stripeApiHost,
    port: config.stripeApiPort,
    protocol: config.stripeApiProtocol,
    ...limits,
  });
}
