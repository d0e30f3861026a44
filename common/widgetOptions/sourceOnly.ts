import type { FromSchema } from 'json-schema-to-ts';
import { optionSourceSchema } from '../screenDefinition.js';

/** `ui:options` of a widget that takes only the list its choices come from (`source`). */
export const sourceOnlyOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['source'],
  properties: {
    source: optionSourceSchema,
  },
} as const;

export type SourceOnlyOptions = FromSchema<typeof sourceOnlyOptions>;
