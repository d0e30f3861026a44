import readingSheetSchema from '../../schemas/books/readingSheet.schema.json' with { type: 'json' };
import readingSheetUiSchema from '../../schemas/books/readingSheet.ui.json' with { type: 'json' };
import { READING_SHEET_SCREEN, readingSheetFormProperties, type FormScreenDefinition } from '../../common/readingSheetForm.js';
import { SCREEN_SCHEMA_VERSION } from '../../common/screenDefinition.js';
import { upgradeDefinition } from '../../common/upgradeDefinition.js';
import type { CheckContext } from '../definitions/check/checkContext.js';
import { checkFormParts } from '../definitions/check/checkScreen.js';
import { checkSchemaLanguage } from '../definitions/check/checkSchemaLanguage.js';
import { checkStoredRules } from '../definitions/check/checkStoredRules.js';
import { dotted, isObject, type Problem } from '../definitions/check/problem.js';
import type { FormDefinition } from '../definitions/checkDefinitions.js';
import { writableFields } from '../engine/declaration.js';
import { readingSheetRecord } from '../resources/readingSheets.js';

const FILES = { 'readingSheet.schema.json': readingSheetSchema, 'readingSheet.ui.json': readingSheetUiSchema };
/**
 * A copy of one of the two files, as the modules that store, read and draft the sheet import it
 * (server/sheets/sheetSaveInput.ts, sheetColumnFields.ts, common/aiDraft.ts): one source, so the
 * form the editor shows and a save is validated with is the schema the server stores.
 */
const read = (name: keyof typeof FILES): Record<string, unknown> => structuredClone(FILES[name]) as Record<string, unknown>;

/** The files of the reading-sheet editor's built-in definition. */
const READING_SHEET_FILES = { schema: 'schemas/books/readingSheet.schema.json', uiSchema: 'schemas/books/readingSheet.ui.json' } as const;

/**
 * The reading-sheet editor's form (the bespoke screen's): its UI schema and the schema it renders
 * (the server's, minus the save-only properties, plus the stored files: common/readingSheetForm.ts),
 * checked like the screen definitions.
 */
export function readingSheetForm(
  schema: Record<string, unknown> = read('readingSheet.schema.json'),
  uiSchema: unknown = read('readingSheet.ui.json'),
): FormDefinition {
  return {
    definition: READING_SHEET_SCREEN,
    files: READING_SHEET_FILES,
    unstored: () => unstoredSheetFields(schema),
    form: { schema: { ...schema, properties: readingSheetFormProperties(schema.properties as Record<string, unknown> | undefined) }, uiSchema },
  };
}

/**
 * The properties of the sheet's save schema that nothing stores: each must be a writable field of
 * its declaration (server/resources/readingSheets.ts: a column of `books`, a list the save
 * writes, a save option), else a save would accept it and keep nothing.
 */
function unstoredSheetFields(schema: Record<string, unknown>): Problem[] {
  const writable = new Set(writableFields(readingSheetRecord));
  return Object.keys(isObject(schema.properties) ? schema.properties : {})
    .filter((name) => !writable.has(name))
    .map((name) => ({
      path: `form.schema.properties.${name}`,
      message: `is not stored by the server: Reading sheet records have no such field (declare it in server/resources/readingSheets.ts, with its column of books and its migration)`,
    }));
}

/** The forms outside the screen definitions that the check reads. */
export const READING_SHEET_FORMS: readonly FormDefinition[] = [readingSheetForm()];

/**
 * Version 0 of the screen `readingSheet`: the two files as one definition (`form.schema`,
 * `form.uiSchema`), what `admin/screens/readingSheet` publishes over and exports.
 */
export function readingSheetDefinition(): FormScreenDefinition {
  return { $schemaVersion: SCREEN_SCHEMA_VERSION, form: { schema: read('readingSheet.schema.json'), uiSchema: read('readingSheet.ui.json') } };
}

const FORM_KEYS = ['schema', 'uiSchema'];
const ROOT_KEYS = ['$schema', '$schemaVersion', 'form'];

/**
 * The JSON Schema of the reading-sheet editor's definition, the shape its check accepts
 * (`checkReadingSheetDefinition`): `$schemaVersion` and `form` holding `schema` and `uiSchema`,
 * no other key (the screens' is common/screenDefinition.ts `screenMetaSchema`).
 */
export const readingSheetMetaSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'readingSheet.definition.schema.json',
  title: 'The reading sheet editor’s definition',
  type: 'object',
  required: ['form'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    $schemaVersion: { type: 'integer', minimum: 1, maximum: SCREEN_SCHEMA_VERSION, description: 'The meta-schema version the definition is written for' },
    form: {
      type: 'object',
      required: FORM_KEYS,
      additionalProperties: false,
      properties: {
        schema: {
          type: 'object',
          description: 'JSON Schema (draft-07) of the save (schemas/books/readingSheet.schema.json): its fields are fixed, its rules may only become stricter',
        },
        uiSchema: { type: 'object', description: 'RJSF UI schema of the editor (schemas/books/readingSheet.ui.json)' },
      },
    },
  },
} as const;

/**
 * Every problem of a definition of the reading-sheet editor (a draft, a version to publish): its
 * shape (`form.schema` and `form.uiSchema`, nothing else), a schema that would change what a
 * save stores compared with the built-in file (checkStoredRules), then the form as the complete
 * check reads every form. Paths as for a screen: `form.uiSchema.titles.ui:field`.
 */
export function checkReadingSheetDefinition(stored: unknown, builtIn: FormScreenDefinition, context: CheckContext): Problem[] {
  const problems: Problem[] = [];
  const definition = upgradeDefinition(stored) as Record<string, unknown>;
  for (const key of Object.keys(definition).filter((key) => !ROOT_KEYS.includes(key))) {
    problems.push({
      path: key,
      message: 'is not part of the reading sheet editor’s definition: it holds "form" (its "schema" and "uiSchema") and "$schemaVersion"',
    });
  }
  const version = definition.$schemaVersion;
  if (!Number.isInteger(version) || (version as number) < 1 || (version as number) > SCREEN_SCHEMA_VERSION) {
    problems.push({ path: '$schemaVersion', message: `must be an integer from 1 to ${SCREEN_SCHEMA_VERSION}: the meta-schema version it is written for` });
  }
  const form = definition.form;
  if (!isObject(form)) return [...problems, { path: 'form', message: 'must be an object holding "schema" (the save’s JSON Schema) and "uiSchema"' }];
  for (const key of Object.keys(form).filter((key) => !FORM_KEYS.includes(key)))
    problems.push({ path: `form.${key}`, message: 'is not part of the form: it holds "schema" and "uiSchema"' });
  for (const key of FORM_KEYS) {
    if (!isObject(form[key]))
      problems.push({ path: `form.${key}`, message: `must be an object (${key === 'schema' ? 'the save’s JSON Schema' : 'the form’s UI schema'})` });
  }
  if (!isObject(form.schema) || !isObject(form.uiSchema)) return problems;
  // Nothing is compared or read of a schema outside the closed language (checkFormParts checks it first).
  if (!checkSchemaLanguage(form.schema, ['form', 'schema'], (path, message) => problems.push({ path: dotted(path), message }))) return problems;
  checkStoredRules(form.schema, builtIn.form.schema, ['form', 'schema'], (path, message) => problems.push({ path: dotted(path), message }));
  problems.push(...checkFormParts(readingSheetForm(form.schema, form.uiSchema).form, context));
  return problems;
}
