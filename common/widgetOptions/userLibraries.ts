/** `ui:options` of the userLibraries field: none. */
export const userLibrariesOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
