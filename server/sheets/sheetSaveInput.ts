import type { FromSchema } from 'json-schema-to-ts';
import type { FieldErrors } from '../../common/validation.js';
import readingSheetSchema from '../../schemas/books/readingSheet.schema.json' with { type: 'json' };
import type { ReadingSheetSchemaType } from '../../schemas/books/readingSheetSchemaType.js';
import { BOOK_CRITERIA, RATING_TYPES, type BookCriterionKey, type RatingType } from '../db/schema/index.js';
import type { FormSchema } from '../http/multipartForm.js';
import { compileFormValidator, type FormValidator } from '../definitions/formValidator.js';
import { SHEET_READ_ONLY_FIELDS } from '../resources/readingSheets.js';
import { SHEET_LABEL } from './sheetListService.js';
import { unknownFieldMessage } from '../engine/resourceService.js';

/** The sheet's JSON Schema (schemas/books/readingSheet.schema.json), shared with the editor. */
export const READING_SHEET_SCHEMA = readingSheetSchema as FormSchema & { properties: Record<string, FormSchema> };

/** The id-list criteria of a sheet (API key), besides genres which also carry the primary genre. */
export const CRITERIA_KEYS = Object.keys(BOOK_CRITERIA) as BookCriterionKey[];
export type CriteriaKey = BookCriterionKey;

/**
 * A reading sheet as a save receives it, once parsed and valid against READING_SHEET_SCHEMA:
 * derived from the schema itself (schemas/books/readingSheetSchemaType.ts is the JSON's literal
 * type, generated; see scripts/write-reading-sheet-schema-type.ts for why). Properties with a
 * `default` stay optional: the form validator does not fill defaults in (`useDefaults: false`,
 * common/ajvOptions.ts), the save applies them.
 */
export type SheetInput = FromSchema<ReadingSheetSchemaType, { keepDefaultedPropertiesOptional: true }>;

/** The built-in file's validator: the one in use while no version of the screen `readingSheet` is published. */
const validateBuiltIn = compileFormValidator(readingSheetSchema);

/** The fields a sheet body may carry: the form's, and those the record returns read-only (ignored). */
const SHEET_BODY_FIELDS = new Set([...Object.keys(READING_SHEET_SCHEMA.properties), ...Object.keys(SHEET_READ_ONLY_FIELDS)]);

/**
 * Every validation error of a parsed sheet that needs no database: the JSON Schema's, then the
 * rules it cannot express. Undefined when valid. Keys are dotted (`seriesList.0.name`).
 * - an author only once per sheet → `author_list` (SPEC §5's key);
 * - a contact only once → `contactList.{i}.id`, a reporter only once → `reporterList.{i}.id`;
 * - primary_genre among genres → `primary_genre`;
 * - a source names a contact or `other` → `sourceList.{i}.other`.
 * A top-level field that is neither a form field nor a returned one answers alone, naming it;
 * returned read-only fields (`id`, `status`, `documentList`…) are removed from `input`, unchecked.
 * `validateSchema` is the JSON Schema's validator in use (the published version of the screen
 * `readingSheet`, which may only make rules stricter than the file's: server/definitions/check/checkStoredRules.ts).
 */
export function validateSheetInput(input: unknown, validateSchema: FormValidator = validateBuiltIn): FieldErrors | undefined {
  const body = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const unknown = Object.keys(body).filter((key) => !SHEET_BODY_FIELDS.has(key));
  // A field the sheet neither stores nor returns is refused, never dropped silently.
  if (unknown.length) return Object.fromEntries(unknown.map((key) => [key, [unknownFieldMessage(key, SHEET_LABEL)]]));
  for (const key of Object.keys(SHEET_READ_ONLY_FIELDS)) delete body[key];
  const errors: FieldErrors = { ...(validateSchema(body) ?? {}) };
  for (const [key, messages] of Object.entries(sheetBodyRules(body) ?? {})) errors[key] = [...new Set([...(errors[key] ?? []), ...messages])];
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** The rating types a sheet input rates, with their stars. */
export function ratingsOf(input: SheetInput): { type: RatingType; rate: number }[] {
  return RATING_TYPES.filter((type) => input.ratings?.[type] !== undefined).map((type) => ({ type, rate: input.ratings![type]! }));
}

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
