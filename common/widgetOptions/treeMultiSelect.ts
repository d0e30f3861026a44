import type { FromSchema } from 'json-schema-to-ts';
import { optionSourceSchema } from '../screenDefinition.js';

/** `ui:options` of the treeMultiSelect widget: the parent_id tree its ids come from. */
export const treeMultiSelectOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['source'],
  properties: {
    source: optionSourceSchema,
  },
} as const;

export type TreeMultiSelectOptions = FromSchema<typeof treeMultiSelectOptions>;
