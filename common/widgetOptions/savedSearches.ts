import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the savedSearches field: none. */
export const savedSearchesOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export type SavedSearchesOptions = FromSchema<typeof savedSearchesOptions>;
