import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the translatable field. */
export const translatableOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    multiline: { type: 'boolean', description: 'A textarea per locale instead of a one-line input' },
    rows: { type: 'integer', minimum: 1, description: 'Rows of the textarea (4 by default)' },
  },
} as const;

export type TranslatableOptions = FromSchema<typeof translatableOptions>;
