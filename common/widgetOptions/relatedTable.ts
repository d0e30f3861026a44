import type { FromSchema } from 'json-schema-to-ts';
import { listColumnSchema } from '../screenDefinition.js';

/** `ui:options` of the relatedTable field: a read-only table of related records. */
export const relatedTableOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['columns'],
  properties: {
    columns: { type: 'array', minItems: 1, items: listColumnSchema },
    rowRoute: { type: 'string', description: 'Name of the screen-definition route a row opens with its id, e.g. readingSheets-save' },
    hideOnCreate: { type: 'boolean', description: 'Shown instead of the table on a record not saved yet' },
  },
} as const;

export type RelatedTableOptions = FromSchema<typeof relatedTableOptions>;
