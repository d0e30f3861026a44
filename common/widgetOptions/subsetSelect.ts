import type { FromSchema } from 'json-schema-to-ts';
import { optionSourceSchema } from '../screenDefinition.js';

/** `ui:options` of the subsetSelect widget: its labels and the top-level list field whose values it offers. */
export const subsetSelectOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['source', 'from'],
  properties: {
    source: optionSourceSchema,
    from: { type: 'string', description: 'Top-level list field of the form whose picked values are offered' },
  },
} as const;

export type SubsetSelectOptions = FromSchema<typeof subsetSelectOptions>;
