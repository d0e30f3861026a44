/** `ui:options` of the selectButton widget: the labels of the enum. */
export const selectButtonOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    enumNames: { type: 'array', items: { type: 'string' } },
  },
} as const;
