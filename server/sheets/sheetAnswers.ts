import { AI_DRAFT_TEXT_TARGETS, AI_JUSTIFIED_LISTS, AI_RATING_TYPES } from '../../common/aiDraft.js';
import { dereferenceSchema } from '../../common/dereferenceSchema.js';
import { LOCALES } from '../../common/locales.js';
import { books, demands } from '../db/schema/index.js';
import { ANY, DATE_TIME, INTEGER, nullable, objectOf, recordOf, STRING, type JsonSchema } from '../../common/answerSchemas.js';
import { demandResource } from '../resources/demands.js';
import { READING_SHEET_FIELDS, SHEET_SAVE_OPTIONS } from '../resources/readingSheets.js';
import { fieldSchema, recordSchema } from '../engine/recordSchemas.js';
import { isFilesRelation, type FieldDeclaration } from '../engine/declaration.js';
import { READING_SHEET_SCHEMA } from './sheetSaveInput.js';

/** Input rules that say nothing of what an answer carries. */
const INPUT_ONLY = new Set([
  'required',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'maxItems',
  'minItems',
  'uniqueItems',
  'default',
  'format',
  'readOnly',
  '$schema',
]);

/**
 * The answer form of a form schema: the same properties and types, its input rules dropped, every
 * value nullable (a stored sheet may leave any field empty), and each object closed as the form's.
 */
function asAnswer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asAnswer);
  if (!schema || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !INPUT_ONLY.has(key))
      .map(([key, value]) => [
        key,
        key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, property]) => [name, asAnswer(property)])) : asAnswer(value),
      ]),
  ) as JsonSchema;
  return 'type' in copy ? nullable(copy) : copy;
}

const formFields = dereferenceSchema(READING_SHEET_SCHEMA).properties as Record<string, JsonSchema>;
const declared = READING_SHEET_FIELDS as Readonly<Record<string, FieldDeclaration>>;

/** The schemas its declaration leaves to the answer: its requests, as the requests' declaration derives them. */
const DERIVED_HERE: Readonly<Record<string, JsonSchema>> = { requestList: { type: 'array', items: recordSchema(demands, demandResource.fields, 'record') } };

/**
 * A reading sheet as `GET admin/books/{id}` answers it: the form's fields as the form schema
 * (the form schema of schemas/reading-sheets.screen.json) describes them, read back, and every
 * other field its declaration returns (and the read-only ones the form shows), as the declaration
 * derives it.
 */
export const SHEET_ANSWER: JsonSchema = recordOf({
  ...Object.fromEntries(
    Object.entries(formFields)
      .filter(([name]) => !SHEET_SAVE_OPTIONS.includes(name))
      .map(([name, schema]) => [name, asAnswer(schema) as JsonSchema]),
  ),
  ...Object.fromEntries(
    Object.entries(declared)
      // A field the form shows but a save never sends (its stored files) is answered as its declaration says.
      .filter(([name, field]) => field.returned !== 'never' && (!(name in formFields) || field.schema !== undefined || isFilesRelation(field.relation)))
      .map(([name, field]) => [name, DERIVED_HERE[name] ?? fieldSchema(books, name, field)]),
  ),
});

const ID_JUSTIFICATION = { type: 'array', items: objectOf({ id: INTEGER, justification: STRING }) };
const TEXT_FIELDS = [...Object.keys(AI_DRAFT_TEXT_TARGETS), 'author', 'publishing_house_name'];

/** An AI draft as `GET admin/ai-books/{id}` answers it (common/aiDraft.ts, AiDraftRecord). */
export const AI_DRAFT_ANSWER: JsonSchema = objectOf({
  id: INTEGER,
  book_id: INTEGER,
  locale: { enum: [...LOCALES] },
  model: STRING,
  generate_from: { enum: ['report', 'manuscript'] },
  criteria: {
    type: 'object',
    additionalProperties: ANY,
    description: 'The criteria the draft chose: ids by list, or one id (common/aiDraft.ts, AiDraftCriteria)',
  },
  characters: { type: 'array', items: { type: 'object', additionalProperties: ANY, description: 'A character as the draft describes it (AiDraftCharacter)' } },
  ratings: { type: 'object', properties: Object.fromEntries(AI_RATING_TYPES.map((type) => [type, INTEGER])), additionalProperties: false },
  justifications: { type: 'object', properties: Object.fromEntries(AI_JUSTIFIED_LISTS.map((list) => [list, ID_JUSTIFICATION])), additionalProperties: false },
  ratings_justifications: { type: 'object', properties: Object.fromEntries(AI_RATING_TYPES.map((type) => [type, STRING])), additionalProperties: false },
  prompt: nullable(STRING),
  raw_answer: nullable(STRING),
  input_tokens: nullable(INTEGER),
  output_tokens: nullable(INTEGER),
  duration_ms: nullable(INTEGER),
  corrections: { type: 'array', items: STRING },
  created_at: DATE_TIME,
  updated_at: DATE_TIME,
  ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, nullable(STRING)])),
});
