/**
 * The card payment provider, as the subscription rules see it (docs/api.md, 'Subscriptions'): a
 * subscription tied to it (`subscriptions.provider_subscription_id`) is cancelled there too.
 * `server/payments/createCardPaymentProvider.ts` builds the real one from the configuration.
 */
export interface CardPaymentProvider {
  /** Whether a key is configured; without one, linked subscriptions cannot be cancelled. */
  readonly configured: boolean;
  /**
   * Cancels the provider's subscription `providerSubscriptionId` now. Resolves once the provider
   * has accepted; throws `CardPaymentNotConfiguredError` without a key, `CardPaymentError` with
   * the provider's own message when it refuses or cannot be reached. A subscription the provider
   * already has as canceled counts as cancelled; one it does not know is a refusal
   * (`code: 'resource_missing'`). See docs/payments.md.
   */
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
}

/** The provider refused or could not be reached; `message` is the provider's, for staff to read. */
export class CardPaymentError extends Error {
  constructor(
    message: string,
    /** The provider's error code or type, when it gave one (`resource_missing`). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** No provider key is configured (STRIPE_SECRET_KEY). */
export class CardPaymentNotConfiguredError extends Error {
  constructor() {
    super('This subscription is tied to the card payment provider, and no provider key is configured (STRIPE_SECRET_KEY): it cannot be cancelled from here.');
  }
}

/** The provider of a server without a key: every call says so. */
export const UNCONFIGURED_CARD_PAYMENTS: CardPaymentProvider = {
  configured: false,
  cancelSubscription: async () => {
    throw new CardPaymentNotConfiguredError();
  },
};
