/** `ui:options` of the jsonCard field: none. */
export const jsonCardOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
