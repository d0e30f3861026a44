import type { FromSchema } from 'json-schema-to-ts';
import { optionSourceSchema } from '../screenDefinition.js';

/** `ui:options` of the treePicker widget: the parent_id tree it picks a node of. */
export const treePickerOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['source'],
  properties: {
    source: optionSourceSchema,
  },
} as const;

export type TreePickerOptions = FromSchema<typeof treePickerOptions>;
