import type { FromSchema } from 'json-schema-to-ts';
import { i18nKey } from '../screenDefinition.js';

/** `ui:options` of the textBlocks field: text blocks by group. */
export const textBlocksOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    groupField: { type: 'string', description: 'Item field whose enum groups the blocks (type by default)' },
    groupLabels: { type: 'object', additionalProperties: i18nKey },
    rows: { type: 'integer', minimum: 1 },
    addLabel: i18nKey,
  },
} as const;

export type TextBlocksOptions = FromSchema<typeof textBlocksOptions>;
