import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the recordLink field: a link to the record whose id a form field holds. */
export const recordLinkOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['idField', 'route'],
  properties: {
    idField: {
      type: 'string',
      description:
        'Top-level field holding the record id (`book_id`); not `field`: RJSF reads `ui:options` as `ui:*` keys, and `field` would stand for `ui:field`',
    },
    route: { type: 'string', description: 'Name of the screen-definition route the link opens' },
  },
} as const;

export type RecordLinkOptions = FromSchema<typeof recordLinkOptions>;
