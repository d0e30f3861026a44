import type { FromSchema } from 'json-schema-to-ts';
import { optionSourceSchema } from '../screenDefinition.js';

/** `ui:options` of the creatableSelect widget (src/widgets/creatableSelect). */
export const creatableSelectOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['source'],
  properties: {
    source: optionSourceSchema,
    create: { type: 'string', description: 'Resource the + button creates in place (formContext createRecord)' },
    uniqueIn: { type: 'string', description: 'List field whose other items may not pick the same id' },
    searchPerPage: { type: 'integer', minimum: 1, maximum: 1000, description: 'Rows asked while searching' },
  },
} as const;

export type CreatableSelectOptions = FromSchema<typeof creatableSelectOptions>;
