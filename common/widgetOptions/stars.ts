import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the stars widget. */
export const starsOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    stars: { type: 'integer', minimum: 1, maximum: 10, description: 'Number of stars (4 by default)' },
  },
} as const;

export type StarsOptions = FromSchema<typeof starsOptions>;
