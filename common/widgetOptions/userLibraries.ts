import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the userLibraries field: none. */
export const userLibrariesOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export type UserLibrariesOptions = FromSchema<typeof userLibrariesOptions>;
