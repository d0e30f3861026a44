/** `ui:options` of the savedSearches field: none. */
export const savedSearchesOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
