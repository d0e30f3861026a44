import type { RJSFSchema } from '@rjsf/utils';
import serverSchema from '../../../schemas/books/readingSheet.schema.json';
import { dereferenceSchema, withoutDescriptions } from '../../engine/form/dereferenceSchema';

/** The stored files of GET admin/books/{id}: read-only in the save, shown and deleted by `fileList` fields. */
const STORED_FILES = {
  documentList: { type: 'array', items: { type: 'object' } },
  coverList: { type: 'array', items: { type: 'object' } },
  videoList: { type: 'array', items: { type: 'object' } },
  manuscript: { type: 'object' },
} as const;

/**
 * The form's schema: the server's, dereferenced, without descriptions and the root title, plus the
 * stored-file properties the `fileList` fields show, minus `withNotification` (set by the save
 * button, not a field). Labels come from the UI schema's `ui:title` keys.
 */
export const sheetFormSchema: RJSFSchema = (() => {
  const { title: _title, ...schema } = dereferenceSchema(withoutDescriptions(serverSchema as RJSFSchema));
  const { withNotification: _withNotification, ...properties } = schema.properties ?? {};
  return { ...schema, properties: { ...properties, ...STORED_FILES } } as RJSFSchema;
})();
