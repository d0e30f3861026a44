import type { FromSchema } from 'json-schema-to-ts';
import type { FieldErrors } from '../../common/validation.js';
import readingSheetsScreen from '../../schemas/reading-sheets.screen.json' with { type: 'json' };
import type { ReadingSheetSchemaType } from '../../schemas/readingSheetSchemaType.js';
import type { FormSchema } from '../http/multipartForm.js';

/** The sheet's JSON Schema as the code knows it: the built-in form schema of schemas/reading-sheets.screen.json, the editor's. */
export const READING_SHEET_SCHEMA = readingSheetsScreen.form.schema as FormSchema & { properties: Record<string, FormSchema> };

/**
 * A reading sheet as a save receives it, once parsed and valid against READING_SHEET_SCHEMA:
 * derived from the schema itself (schemas/readingSheetSchemaType.ts is the JSON's literal
 * type, generated; see scripts/write-reading-sheet-schema-type.ts for why). Properties with a
 * `default` stay optional: the form validator does not fill defaults in (`useDefaults: false`,
 * common/ajvOptions.ts), the save applies them.
 */
export type SheetInput = FromSchema<ReadingSheetSchemaType, { keepDefaultedPropertiesOptional: true }>;

/**
 * The rules of a sheet's body its JSON Schema cannot express (dotted keys): an author only once
 * (`author_list`, SPEC §5's key), a contact only once (`contactList.{i}.id`), a reporter only once
 * (`reporterList.{i}.id`), a source naming a contact or `other` (`sourceList.{i}.other`), the
 * primary genre among the genres (`primary_genre`).
 */
export function sheetBodyRules(body: Readonly<Record<string, unknown>>): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => {
    const messages = (errors[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  const items = (key: string) =>
    (Array.isArray(body[key]) ? (body[key] as unknown[]) : []).map((item) => (item && typeof item === 'object' ? (item as Record<string, unknown>) : {}));

  const authorIds = items('authorList').map((author) => author.id);
  if (authorIds.some((id, i) => id !== undefined && authorIds.indexOf(id) !== i)) add('author_list', 'An author can be added to a sheet only once.');

  const contactIds = items('contactList').map((contact) => contact.id);
  contactIds.forEach((id, i) => {
    if (id !== undefined && contactIds.indexOf(id) !== i) add(`contactList.${i}.id`, 'This contact is already on the sheet.');
  });

  const reporterIds = items('reporterList').map((reporter) => reporter.id);
  reporterIds.forEach((id, i) => {
    if (id !== undefined && reporterIds.indexOf(id) !== i) add(`reporterList.${i}.id`, 'This reporter already lists the sheet.');
  });

  items('sourceList').forEach((source, i) => {
    if (source.id === undefined && source.other === undefined) add(`sourceList.${i}.other`, 'The other field is required when no contact is chosen.');
  });

  if (body.primary_genre !== undefined) {
    const genres = Array.isArray(body.genres) ? body.genres : [];
    if (!genres.includes(body.primary_genre)) add('primary_genre', 'The primary genre must be one of the genres.');
  }

  return Object.keys(errors).length > 0 ? errors : undefined;
}
