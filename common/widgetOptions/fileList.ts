import type { FromSchema } from 'json-schema-to-ts';
import { FILE_RULE_NAMES } from '../fileRules.js';

/** `ui:options` of the fileList field: stored files and new ones. */
export const fileListOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['rule', 'multipartName'],
  properties: {
    rule: { enum: FILE_RULE_NAMES, description: 'Rule of common/fileRules.ts new files are checked with' },
    multipartName: { type: 'string', description: 'Multipart key of the new files, e.g. documentList[]' },
    deleteApi: { type: 'string', description: 'Route deleting a stored file, e.g. utilities/book-files/{id}/{file}' },
    single: { type: 'boolean', description: 'One file at most' },
  },
} as const;

export type FileListOptions = FromSchema<typeof fileListOptions>;
