import { AI_DRAFT_TEXT_TARGETS, AI_JUSTIFIED_LISTS, AI_RATING_TYPES } from '../../common/aiDraft.js';
import { dereferenceSchema } from '../../common/dereferenceSchema.js';
import { LOCALES } from '../../common/locales.js';
import { demands } from '../db/schema/index.js';
import { ANY, BOOLEAN, DATE_TIME, INTEGER, nullable, objectOf, STRING, type JsonSchema } from '../../common/answerSchemas.js';
import { demandResource } from '../resources/demands.js';
import type { SHEET_READ_ONLY_FIELDS } from '../resources/readingSheets.js';
import { SHEET_SAVE_OPTIONS } from '../resources/readingSheets.js';
import { recordSchema } from '../engine/recordSchemas.js';
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

const STORED_FILE = objectOf({ id: INTEGER, name: STRING, type: INTEGER, full_path: STRING, size: INTEGER, mime: STRING });

/** What `GET admin/books/{id}` carries besides the form's fields (server/resources/readingSheets.ts). */
const READ_ONLY_SCHEMAS: Record<keyof typeof SHEET_READ_ONLY_FIELDS, JsonSchema> = {
  id: INTEGER,
  status: objectOf({ id: INTEGER, label: STRING }),
  rights_status: objectOf({ id: INTEGER, label: STRING }),
  rights_status_updated_at: nullable(DATE_TIME),
  company: nullable(objectOf({ id: INTEGER, name: nullable(STRING) })),
  requestList: { type: 'array', items: recordSchema(demands, demandResource.fields, 'record') },
  documentList: { type: 'array', items: STORED_FILE },
  coverList: { type: 'array', items: STORED_FILE },
  videoList: { type: 'array', items: STORED_FILE },
  manuscript: nullable(objectOf({ name: nullable(STRING), full_path: STRING, size: nullable(INTEGER), uploaded_at: nullable(DATE_TIME) })),
  is_ai_generation_running: BOOLEAN,
  has_ai_results: BOOLEAN,
  ai_generation_error: nullable(STRING),
  created_at: DATE_TIME,
  updated_at: DATE_TIME,
};

const formFields = dereferenceSchema(READING_SHEET_SCHEMA).properties as Record<string, JsonSchema>;

/**
 * A reading sheet as `GET admin/books/{id}` answers it: the form's fields as the form schema
 * (the form schema of schemas/reading-sheets.screen.json) describes them, read back, and the read-only ones.
 */
export const SHEET_ANSWER: JsonSchema = objectOf({
  ...Object.fromEntries(
    Object.entries(formFields)
      .filter(([name]) => !(SHEET_SAVE_OPTIONS as readonly string[]).includes(name))
      .map(([name, schema]) => [name, asAnswer(schema) as JsonSchema]),
  ),
  ...READ_ONLY_SCHEMAS,
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
