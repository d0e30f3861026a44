import type { FromSchema } from 'json-schema-to-ts';

/** `ui:options` of the screenList field: another screen's list filtered on this record. */
export const screenListOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['screen'],
  properties: {
    screen: { type: 'string', description: 'Resource of the screen definition whose list is shown' },
    fixed: { type: 'object', description: 'List parameters fixed for this record; "$recordId" stands for its id' },
  },
} as const;

export type ScreenListOptions = FromSchema<typeof screenListOptions>;
