/** `ui:options` of the readOnlyText widget: none of its own. */
export const readOnlyTextOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
