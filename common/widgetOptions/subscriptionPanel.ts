/** `ui:options` of the subscriptionPanel field: none. */
export const subscriptionPanelOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
