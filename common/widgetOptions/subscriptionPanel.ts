import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the subscriptionPanel field: none. */
export const subscriptionPanelOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export type SubscriptionPanelOptions = FromSchema<typeof subscriptionPanelOptions>;
