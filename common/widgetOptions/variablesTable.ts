import type { FromSchema } from 'json-schema-to-ts';
import { i18nKey } from '../screenDefinition.js';

/** `ui:options` of the variablesTable field: the variables a text may use. */
export const variablesTableOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['variables'],
  properties: {
    variables: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'description'],
        additionalProperties: false,
        properties: { name: { type: 'string' }, description: i18nKey, descriptionFr: i18nKey },
      },
    },
  },
} as const;

export type VariablesTableOptions = FromSchema<typeof variablesTableOptions>;
