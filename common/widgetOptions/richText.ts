import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the richText widget. */
export const richTextOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    height: { type: ['number', 'string'], description: 'Editor height: pixels, or a CSS length (300 by default)' },
  },
} as const;

export type RichTextOptions = FromSchema<typeof richTextOptions>;
