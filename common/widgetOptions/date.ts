/** `ui:options` of the date widget: none of its own. */
export const dateOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
