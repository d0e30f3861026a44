import type { FromSchema } from 'json-schema-to-ts';
import { optionSourceSchema } from '../screenDefinition.js';

/** `ui:options` of the remoteSelect widget: the list it searches (by `name` unless `searchParam` says otherwise). */
export const remoteSelectOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['source'],
  properties: {
    source: optionSourceSchema,
  },
} as const;

export type RemoteSelectOptions = FromSchema<typeof remoteSelectOptions>;
