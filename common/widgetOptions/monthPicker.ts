/** `ui:options` of the monthPicker widget: none of its own. */
export const monthPickerOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
