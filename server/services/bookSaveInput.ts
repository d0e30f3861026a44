import type { Translations } from '../../common/locales.js';
import type { FieldErrors } from '../../common/validation.js';
import readingSheetSchema from '../../schemas/books/readingSheet.schema.json' with { type: 'json' };
import { BOOK_TRANSLATIONS, RATING_TYPES, type RatingType } from '../db/schema/index.js';
import type { FormSchema } from '../http/multipartForm.js';
import { compileFormValidator } from '../definitions/formValidator.js';

/** The sheet's JSON Schema (schemas/books/readingSheet.schema.json), shared with the editor. */
export const READING_SHEET_SCHEMA = readingSheetSchema as FormSchema & { properties: Record<string, FormSchema> };

/** API keys of the 24 translatable maps (`titles`, `subtitles` … `movie_references`). */
export const TRANSLATION_KEYS = Object.values(BOOK_TRANSLATIONS);
export type TranslationKey = (typeof TRANSLATION_KEYS)[number];

/** The id-list criteria of a sheet (API key), besides genres which also carry the primary genre. */
export const CRITERIA_KEYS = ['periods', 'places', 'thematics', 'audiences', 'categories', 'adaptation_formats', 'adaptation_kinds', 'literary_prizes'] as const;
export type CriteriaKey = (typeof CRITERIA_KEYS)[number];

export type Flag = 0 | 1;

export interface SeriesInput {
  id?: number;
  name: string;
  number: number;
}
export interface AuthorInput {
  id: number;
  type?: number;
}
export interface SourceInput {
  /** The contact's id, when the source is a known contact. */
  id?: number;
  other?: string;
  date?: string;
  mail?: string;
}
export interface ContactInput {
  id: number;
  audiovisual_law?: Flag;
}
export interface CharacterInput {
  id?: number;
  key?: string;
  name: string;
  function?: number;
  gender?: number;
  ages?: number[];
  country?: number;
  topology?: number;
  characterisations?: Translations;
  issues?: Translations;
  evolutions?: Translations;
}

/** A reading sheet as a save receives it, once parsed and valid against READING_SHEET_SCHEMA. */
export type SheetInput = {
  original_title: string;
  original_country_id?: number;
  language_id?: number;
  status_id?: number;
  rights_status_id?: number;
  time_id?: number;
  format_id?: number;
  company_id?: number;
  adaptation_budget_id?: number;
  /** 'YYYY-MM'. */
  publication_date?: string;
  nb_pages?: number;
  universal?: Flag;
  manuscript_confidential?: Flag;
  private_comment?: string;
  serie?: Flag;
  seriesList?: SeriesInput[];
  authorList?: AuthorInput[];
  sourceList?: SourceInput[];
  contactList?: ContactInput[];
  genres?: number[];
  primary_genre?: number;
  characters?: CharacterInput[];
  ratings?: Partial<Record<RatingType, number>>;
  version?: number;
  withNotification?: Flag;
} & Partial<Record<TranslationKey, Translations>> &
  Partial<Record<CriteriaKey, number[]>>;

const validateSchema = compileFormValidator(readingSheetSchema);

/**
 * Every validation error of a parsed sheet that needs no database: the JSON Schema's, then the
 * rules it cannot express. Undefined when valid. Keys are dotted (`seriesList.0.name`).
 * - an author only once per sheet → `author_list` (SPEC §5's key);
 * - a contact only once → `contactList.{i}.id`;
 * - primary_genre among genres → `primary_genre`;
 * - a source names a contact or `other` → `sourceList.{i}.other`;
 * - on update, `version` is required → `version`.
 */
export function validateSheetInput(input: unknown, mode: 'create' | 'update'): FieldErrors | undefined {
  const errors: FieldErrors = { ...(validateSchema(input) ?? {}) };
  const add = (key: string, message: string) => {
    const messages = (errors[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  const body = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const items = (key: string) => (Array.isArray(body[key]) ? (body[key] as unknown[]) : []).map((item) => (item && typeof item === 'object' ? (item as Record<string, unknown>) : {}));

  const authorIds = items('authorList').map((author) => author.id);
  if (authorIds.some((id, i) => id !== undefined && authorIds.indexOf(id) !== i)) add('author_list', 'An author can be added to a sheet only once.');

  const contactIds = items('contactList').map((contact) => contact.id);
  contactIds.forEach((id, i) => {
    if (id !== undefined && contactIds.indexOf(id) !== i) add(`contactList.${i}.id`, 'This contact is already on the sheet.');
  });

  items('sourceList').forEach((source, i) => {
    if (source.id === undefined && source.other === undefined) add(`sourceList.${i}.other`, 'The other field is required when no contact is chosen.');
  });

  if (body.primary_genre !== undefined) {
    const genres = Array.isArray(body.genres) ? body.genres : [];
    if (!genres.includes(body.primary_genre)) add('primary_genre', 'The primary genre must be one of the genres.');
  }

  if (mode === 'update' && body.version === undefined) add('version', 'The version field is required.');
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** The rating types a sheet input rates, with their stars. */
export function ratingsOf(input: SheetInput): { type: RatingType; rate: number }[] {
  return RATING_TYPES.filter((type) => input.ratings?.[type] !== undefined).map((type) => ({ type, rate: input.ratings![type]! }));
}
