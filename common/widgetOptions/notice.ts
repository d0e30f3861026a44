import type { FromSchema } from 'json-schema-to-ts';
import { i18nKey } from '../screenDefinition.js';

/** `ui:options` of the notice field: the message shown (an i18n key). */
export const noticeOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: {
    message: i18nKey,
  },
} as const;

export type NoticeOptions = FromSchema<typeof noticeOptions>;
