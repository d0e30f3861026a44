import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the readOnlyText widget: none of its own. */
export const readOnlyTextOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export type ReadOnlyTextOptions = FromSchema<typeof readOnlyTextOptions>;
