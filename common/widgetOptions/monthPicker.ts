import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the monthPicker widget: none of its own. */
export const monthPickerOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export type MonthPickerOptions = FromSchema<typeof monthPickerOptions>;
