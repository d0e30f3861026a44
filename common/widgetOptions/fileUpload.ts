import type { FromSchema } from 'json-schema-to-ts';
import { FILE_RULE_NAMES } from '../fileRules.js';

/** `ui:options` of the fileUpload widget: the shared upload rule and the route deleting the stored file. */
export const fileUploadOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['rule'],
  properties: {
    rule: { enum: FILE_RULE_NAMES, description: 'Rule of common/fileRules.ts the file is checked with' },
    deleteApi: { type: 'string', description: 'Route deleting the stored file, e.g. news/news-image/{id}' },
  },
} as const;

export type FileUploadOptions = FromSchema<typeof fileUploadOptions>;
