import type { RJSFSchema } from '@rjsf/utils';
import serverSchema from '../../../schemas/books/readingSheet.schema.json';
import { readingSheetFormProperties } from '../../../common/readingSheetForm';
import { dereferenceSchema, withoutDescriptions } from '../../engine/form/dereferenceSchema';

/**
 * The form's schema: the server's, dereferenced, without descriptions and the root title, plus the
 * stored-file properties the `fileList` fields show, minus `withNotification` (set by the save
 * button, not a field; common/readingSheetForm.ts). Labels come from the UI schema's `ui:title` keys.
 */
export const sheetFormSchema: RJSFSchema = (() => {
  const { title: _title, ...schema } = dereferenceSchema(withoutDescriptions(serverSchema as RJSFSchema));
  return { ...schema, properties: readingSheetFormProperties(schema.properties) } as RJSFSchema;
})();
