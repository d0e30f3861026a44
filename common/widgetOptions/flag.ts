/** `ui:options` of the flag widget: none of its own. */
export const flagOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
