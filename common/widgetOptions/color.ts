/** `ui:options` of the color widget (src/widgets/color): none of its own. */
export const colorOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
