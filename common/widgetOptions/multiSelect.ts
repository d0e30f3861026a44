import type { FromSchema } from 'json-schema-to-ts';
import { optionSourceSchema } from '../screenDefinition.js';

/** `ui:options` of the multiSelect widget: the list its ids come from. */
export const multiSelectOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['source'],
  properties: {
    source: optionSourceSchema,
    placeholder: { type: 'string' },
  },
} as const;

export type MultiSelectOptions = FromSchema<typeof multiSelectOptions>;
