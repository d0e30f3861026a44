import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the jsonCard field: none. */
export const jsonCardOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export type JsonCardOptions = FromSchema<typeof jsonCardOptions>;
