import readingSheetsScreen from '../schemas/reading-sheets.screen.json' with { type: 'json' };
import type { ReadingSheetSchemaType } from '../schemas/readingSheetSchemaType.js';
import type { Locale } from './locales';

/**
 * An AI draft of a reading sheet as `GET admin/ai-books/{id}` sends it (SPEC §3 'AI book'): the
 * single-language counterparts of the sheet's translatable texts, in `locale`; the proposed
 * criteria, characters and ratings; the justifications; and how the draft was made. The server
 * stores these shapes (server/db/schema/ai-books.ts) and the comparison screen reads them.
 *
 * Which texts a draft has is the sheet's schema's to say (the form schema of schemas/reading-sheets.screen.json):
 * each per-language map annotated `"x-aiDraft": { "field", "ask" }` is drafted, under `field` (its
 * single-language name), the AI told `ask`. The names, the types and the lists below derive from
 * it: a map added to the schema with the annotation is asked of the AI, checked, stored, answered
 * and compared with nothing else to write.
 */

/** Criteria the AI proposes, as reference ids, under the sheet's own field names. */
export interface AiDraftCriteria {
  genres?: number[];
  primary_genre?: number | null;
  thematics?: number[];
  periods?: number[];
  places?: number[];
  audiences?: number[];
  categories?: number[];
  adaptation_formats?: number[];
  adaptation_kinds?: number[];
  literary_prizes?: number[];
  time_id?: number | null;
  format_id?: number | null;
  adaptation_budget_id?: number | null;
  original_country_id?: number | null;
  language_id?: number | null;
}

/** A character the AI proposes, in the draft's single language. */
export interface AiDraftCharacter {
  name: string;
  function_id?: number | null;
  gender_id?: number | null;
  country_id?: number | null;
  topology_id?: number | null;
  age_ids?: number[];
  characterisation?: string;
  issue?: string;
  evolution?: string;
}

/** The criteria lists whose choices the AI justifies. */
export const AI_JUSTIFIED_LISTS = ['genres', 'thematics', 'adaptation_formats', 'adaptation_kinds'] as const;
type AiJustifiedList = (typeof AI_JUSTIFIED_LISTS)[number];

/** Why the AI chose each criterion of a justified list. */
export type AiDraftJustifications = Partial<Record<AiJustifiedList, { id: number; justification: string }[]>>;

/** The ratings the AI gives, 0 to 4 stars: every type but the commercial one, which is the staff's judgement. */
export const AI_RATING_TYPES = ['quality', 'concept', 'plot', 'characters', 'coherence', 'emotions', 'dialogues'] as const;
export type AiRatingType = (typeof AI_RATING_TYPES)[number];

type SheetProperties = ReadingSheetSchemaType['properties'];
/** What `x-aiDraft` says of a map: the draft's single-language name of it, and what the AI is told to write there. */
interface AiDraftAnnotation {
  field: string;
  ask: string;
}

/** The sheet's per-language maps (API names) an AI draft fills: the properties of the sheet's schema annotated `x-aiDraft`. */
export type AiDraftedMap = { [K in keyof SheetProperties]: SheetProperties[K] extends { 'x-aiDraft': AiDraftAnnotation } ? K : never }[keyof SheetProperties];
type DraftFieldOf<M extends AiDraftedMap> = SheetProperties[M] extends { 'x-aiDraft': { field: infer F extends string } } ? F : never;
/** A text of the draft: the single-language counterpart of a drafted map (`title` of `titles`), its `x-aiDraft.field`. */
export type AiDraftTextField = { [M in AiDraftedMap]: DraftFieldOf<M> }[AiDraftedMap];
/** Each text of the draft and the map it fills when transferred. */
export type AiDraftTextTargets = { readonly [M in AiDraftedMap as DraftFieldOf<M>]: M };
/** The draft's texts as stored (`ai_books.texts`): by draft field, a text left empty is absent. */
export type AiDraftTexts = Partial<Record<AiDraftTextField, string>>;

/** The draft's texts with no translatable counterpart: names the comparison matches with the directory. */
export const AI_DRAFT_NAME_FIELDS = ['author', 'publishing_house_name'] as const;
export type AiDraftNameField = (typeof AI_DRAFT_NAME_FIELDS)[number];
/** Other names of a draft, as the API answers it: no text may take one. */
const RECORD_FIELDS = [
  'id',
  'book_id',
  'locale',
  'model',
  'generate_from',
  'criteria',
  'characters',
  'ratings',
  'justifications',
  'ratings_justifications',
  'prompt',
  'raw_answer',
  'input_tokens',
  'output_tokens',
  'duration_ms',
  'corrections',
  'created_at',
  'updated_at',
  'texts',
];

/**
 * The drafted maps in the schema's order (the form schema of schemas/reading-sheets.screen.json), each with its
 * annotation: a property annotated `x-aiDraft` must be a per-language map, and its draft field a
 * name of its own, lower-case letters and underscores (it is also a prompt variable, `{{title}}`).
 */
function draftedMaps(properties: Record<string, { $ref?: string; 'x-aiDraft'?: AiDraftAnnotation }>): [AiDraftedMap, AiDraftAnnotation][] {
  const taken = new Set<string>([...AI_DRAFT_NAME_FIELDS, ...RECORD_FIELDS]);
  return Object.entries(properties).flatMap(([map, property]) => {
    const annotation = property['x-aiDraft'];
    if (!annotation) return [];
    const where = `reading-sheets.screen.json form.schema: ${map}.x-aiDraft`;
    if (property.$ref !== '#/definitions/perLanguage')
      throw new Error(`${where}: only a per-language map ($ref #/definitions/perLanguage) is drafted by the AI`);
    if (typeof annotation.field !== 'string' || !/^[a-z_]+$/.test(annotation.field))
      throw new Error(`${where}.field must be lower-case letters and underscores: it names the draft's text and a prompt variable`);
    if (typeof annotation.ask !== 'string' || !annotation.ask.trim()) throw new Error(`${where}.ask must say what the AI writes there`);
    if (taken.has(annotation.field)) throw new Error(`${where}.field "${annotation.field}" is already a name of the draft`);
    taken.add(annotation.field);
    return [[map as AiDraftedMap, annotation]];
  });
}

const DRAFTED = draftedMaps(readingSheetsScreen.form.schema.properties as Record<string, { $ref?: string; 'x-aiDraft'?: AiDraftAnnotation }>);

/** The draft's texts, in the schema's order of their maps. */
export const AI_DRAFT_TEXT_FIELDS: readonly AiDraftTextField[] = DRAFTED.map(([, annotation]) => annotation.field as AiDraftTextField);

/** Which of the sheet's translatable maps (API names) each single-language text of a draft fills when transferred (`title` → `titles`). */
export const AI_DRAFT_TEXT_TARGETS: AiDraftTextTargets = Object.fromEntries(
  DRAFTED.map(([map, annotation]) => [annotation.field, map]),
) as unknown as AiDraftTextTargets;

/** What the AI is told to write for each text (`x-aiDraft.ask`), in the JSON structure the prompt gives it. */
export const AI_DRAFT_ASKS: Readonly<Record<AiDraftTextField, string>> = Object.fromEntries(
  DRAFTED.map(([, annotation]) => [annotation.field, annotation.ask]),
) as Record<AiDraftTextField, string>;

/** A draft as the API sends it; timestamps are `Date` on the server and ISO strings once sent: the `D` parameter. */
export type AiDraftRecord<D = string> = {
  id: number;
  book_id: number;
  locale: Locale;
  model: string;
  generate_from: 'report' | 'manuscript';
  criteria: AiDraftCriteria;
  characters: AiDraftCharacter[];
  ratings: Partial<Record<AiRatingType, number>>;
  justifications: AiDraftJustifications;
  ratings_justifications: Partial<Record<AiRatingType, string>>;
  /** The call that made the draft, for staff and support. */
  prompt: string | null;
  raw_answer: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  duration_ms: number | null;
  /** What the server changed in the answer to fit, one line each. */
  corrections: string[];
  created_at: D;
  updated_at: D;
} & Record<AiDraftTextField | AiDraftNameField, string | null>;
