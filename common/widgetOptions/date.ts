import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the date widget: none of its own. */
export const dateOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export type DateOptions = FromSchema<typeof dateOptions>;
