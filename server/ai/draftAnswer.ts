import { createFormAjv } from '../../common/ajvOptions.js';
import {
  AI_DRAFT_TEXT_FIELDS,
  AI_JUSTIFIED_LISTS,
  AI_RATING_TYPES,
  type AiDraftCharacter,
  type AiDraftCriteria,
  type AiDraftJustifications,
  type AiDraftTextField,
  type AiDraftTexts,
  type AiRatingType,
} from '../../common/aiDraft.js';
import type { aiBooks } from '../db/schema/ai-books.js';
import { RATING_MAX, RATING_MIN, type RatingType } from '../db/schema/book-ratings.js';

/** The ids of each reference list the prompt offered; an id outside them is dropped. */
export interface KnownReferenceIds {
  genres: ReadonlySet<number>;
  thematics: ReadonlySet<number>;
  periods: ReadonlySet<number>;
  categories: ReadonlySet<number>;
  literaryPrizes: ReadonlySet<number>;
  times: ReadonlySet<number>;
  formats: ReadonlySet<number>;
  adaptationFormats: ReadonlySet<number>;
  adaptationKinds: ReadonlySet<number>;
  adaptationBudgets: ReadonlySet<number>;
  characterFunctions: ReadonlySet<number>;
  characterGenders: ReadonlySet<number>;
  characterAges: ReadonlySet<number>;
  characterTopologies: ReadonlySet<number>;
}

/** The columns of `ai_books` that record the call rather than hold the draft. */
type CallRecordColumn = 'prompt' | 'rawAnswer' | 'inputTokens' | 'outputTokens' | 'durationMs' | 'corrections';
/**
 * The draft's columns of `ai_books` (everything but id, bookId, locale, model, generateFrom,
 * timestamps and the call's record), each one set, so a new draft saved over an old one leaves
 * nothing of the old: the names, `texts` (the draft's texts by field, an empty one absent), the
 * criteria, characters, ratings and justifications.
 */
type DraftValues = Required<
  Omit<typeof aiBooks.$inferInsert, 'id' | 'bookId' | 'locale' | 'model' | 'generateFrom' | 'createdAt' | 'updatedAt' | CallRecordColumn>
>;

/** A checked draft, and what was changed to make the answer fit it. */
export interface CheckedDraft {
  values: DraftValues;
  /** What was changed to fit, one line each, in plain English: "criteria.genres: unknown id 999 dropped", "ratings.plot: 7 clamped to 4" */
  corrections: string[];
}

/** Thrown when the answer cannot be a draft; its message says what was wrong, in words staff can read (it is shown on the reading sheet). */
export class DraftAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DraftAnswerError';
  }
}

/** The answer's names and their columns: the texts with no map of the sheet. */
const NAME_FIELDS = {
  author: 'author',
  publishingHouseName: 'publishing_house_name',
} as const satisfies { [C in keyof DraftValues]?: string };
type NameKey = (typeof NAME_FIELDS)[keyof typeof NAME_FIELDS];
/** Every text of the answer: the names, then the draft's texts (common/aiDraft.ts: the maps of the sheet annotated `x-aiDraft`), stored in `texts`. */
const TEXT_KEYS: readonly string[] = [...Object.values(NAME_FIELDS), ...AI_DRAFT_TEXT_FIELDS];

/** The criteria holding a list of ids, and the reference list each comes from. */
const ID_LISTS = {
  genres: 'genres',
  thematics: 'thematics',
  periods: 'periods',
  categories: 'categories',
  literary_prizes: 'literaryPrizes',
  adaptation_formats: 'adaptationFormats',
  adaptation_kinds: 'adaptationKinds',
} as const satisfies { [K in keyof AiDraftCriteria]?: keyof KnownReferenceIds };
/** The criteria holding one id or null, and the reference list each comes from. */
const SINGLE_IDS = {
  time_id: 'times',
  format_id: 'formats',
  adaptation_budget_id: 'adaptationBudgets',
} as const satisfies { [K in keyof AiDraftCriteria]?: keyof KnownReferenceIds };
const CHARACTER_IDS = {
  function_id: 'characterFunctions',
  gender_id: 'characterGenders',
  topology_id: 'characterTopologies',
} as const satisfies { [K in keyof AiDraftCharacter]?: keyof KnownReferenceIds };
const CHARACTER_TEXTS = ['characterisation', 'issue', 'evolution'] as const satisfies readonly (keyof AiDraftCharacter)[];
const JUSTIFIED_LISTS = AI_JUSTIFIED_LISTS satisfies readonly (keyof typeof ID_LISTS)[];
/** The commercial rating is left to staff: the AI's is never taken. */
const RATED_BY_AI = AI_RATING_TYPES satisfies readonly RatingType[];

type Text = string | null;
type Id = number | null;
interface CharacterAnswer {
  name?: Text;
  function_id?: Id;
  gender_id?: Id;
  topology_id?: Id;
  age_ids?: number[] | null;
  characterisation?: Text;
  issue?: Text;
  evolution?: Text;
}
/** The answer as the schema admits it: every field optional, text fields and containers nullable. */
type DraftAnswer = { [K in NameKey | AiDraftTextField]?: Text } & {
  criteria?: ({ [K in keyof typeof ID_LISTS]?: number[] | null } & { [K in keyof typeof SINGLE_IDS | 'primary_genre']?: Id }) | null;
  characters?: CharacterAnswer[] | null;
  ratings?: Record<string, unknown> | null;
  ratings_justifications?: ({ [K in AiRatingType]?: Text } & { commercial?: unknown }) | null;
  justifications?: { [K in (typeof JUSTIFIED_LISTS)[number]]?: { id?: number; justification?: Text }[] | null } | null;
};

const TEXT_SCHEMA = { type: ['string', 'null'] };
const ID_SCHEMA = { type: ['integer', 'null'] };
const IDS_SCHEMA = { type: ['array', 'null'], items: { type: 'integer' } };
const objectSchema = (properties: Record<string, object>) => ({ type: ['object', 'null'], properties });
const each = (keys: readonly string[], schema: object) => Object.fromEntries(keys.map((key) => [key, schema]));

const validateAnswer = createFormAjv().compile<DraftAnswer>({
  type: 'object',
  properties: {
    ...each(TEXT_KEYS, TEXT_SCHEMA),
    criteria: objectSchema({ ...each(Object.keys(ID_LISTS), IDS_SCHEMA), ...each([...Object.keys(SINGLE_IDS), 'primary_genre'], ID_SCHEMA) }),
    characters: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: { name: TEXT_SCHEMA, age_ids: IDS_SCHEMA, ...each(Object.keys(CHARACTER_IDS), ID_SCHEMA), ...each(CHARACTER_TEXTS, TEXT_SCHEMA) },
      },
    },
    // Any value: a rating that is not a number is dropped, not refused.
    ratings: objectSchema({}),
    ratings_justifications: objectSchema(each(RATED_BY_AI, TEXT_SCHEMA)),
    justifications: objectSchema(
      each(JUSTIFIED_LISTS, { type: ['array', 'null'], items: { type: 'object', properties: { id: { type: 'integer' }, justification: TEXT_SCHEMA } } }),
    ),
  },
});

const FENCE = /^```[\w-]*[ \t]*\r?\n?([\s\S]*?)```$/;
const MAX_ERRORS = 5;

/**
 * Checks the AI's answer and turns it into the draft's values: ids outside the offered reference
 * lists, nameless characters, out-of-range ratings and justifications of criteria not kept are
 * dropped or fixed, each change listed in `corrections`.
 * @throws DraftAnswerError when the answer is not a JSON object of the draft's structure.
 */
export function checkDraftAnswer(text: string, known: KnownReferenceIds): CheckedDraft {
  const answer = parseAnswer(text);
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw new DraftAnswerError("The AI's answer is not a JSON object.");
  if (!validateAnswer(answer)) {
    const errors = (validateAnswer.errors ?? []).slice(0, MAX_ERRORS).map((error) => `${error.instancePath} ${error.message ?? 'is not valid'}`);
    throw new DraftAnswerError(`The AI's answer does not follow the draft's structure: ${errors.join('; ')}`);
  }

  const corrections: string[] = [];
  const names = Object.fromEntries(Object.entries(NAME_FIELDS).map(([column, key]) => [column, textOrNull(answer[key])])) as {
    [C in keyof typeof NAME_FIELDS]: string | null;
  };
  const texts: AiDraftTexts = Object.fromEntries(
    AI_DRAFT_TEXT_FIELDS.flatMap((field) => {
      const text = textOrNull(answer[field]);
      return text === null ? [] : [[field, text]];
    }),
  );
  const criteria = checkCriteria(answer.criteria ?? {}, known, corrections);
  return {
    values: {
      ...names,
      texts,
      criteria,
      characters: checkCharacters(answer.characters ?? [], known, corrections),
      ratings: checkRatings(answer.ratings ?? {}, corrections),
      ratingsJustifications: checkRatingsJustifications(answer.ratings_justifications ?? {}, corrections),
      justifications: checkJustifications(answer.justifications ?? {}, criteria, corrections),
    },
    corrections,
  };
}

function parseAnswer(text: string): unknown {
  const trimmed = text.trim();
  const body = FENCE.exec(trimmed)?.[1] ?? trimmed;
  try {
    return JSON.parse(body);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // By code points, so an emoji or an accent is not cut in half.
    const start = Array.from(trimmed).slice(0, 80).join('');
    throw new DraftAnswerError(`The AI's answer is not JSON (${reason}). It began with: "${start}"`);
  }
}

function textOrNull(value: Text | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The known ids of `ids`, each once, in the given order. */
function knownIds(ids: readonly number[] | null | undefined, known: ReadonlySet<number>, path: string, corrections: string[]): number[] {
  const kept: number[] = [];
  for (const id of new Set(ids ?? [])) {
    if (known.has(id)) kept.push(id);
    else corrections.push(`${path}: unknown id ${id} dropped`);
  }
  return kept;
}

function knownIdOrNull(id: Id | undefined, known: ReadonlySet<number>, path: string, corrections: string[]): number | null {
  if (id === null || id === undefined || known.has(id)) return id ?? null;
  corrections.push(`${path}: unknown id ${id} set to null`);
  return null;
}

function checkCriteria(given: NonNullable<DraftAnswer['criteria']>, known: KnownReferenceIds, corrections: string[]): AiDraftCriteria {
  const criteria: AiDraftCriteria = {};
  for (const [key, list] of Object.entries(ID_LISTS) as [keyof typeof ID_LISTS, keyof KnownReferenceIds][]) {
    criteria[key] = knownIds(given[key], known[list], `criteria.${key}`, corrections);
  }
  for (const [key, list] of Object.entries(SINGLE_IDS) as [keyof typeof SINGLE_IDS, keyof KnownReferenceIds][]) {
    criteria[key] = knownIdOrNull(given[key], known[list], `criteria.${key}`, corrections);
  }
  const primary = given.primary_genre ?? null;
  const genres = criteria.genres ?? [];
  if (primary === null || genres.includes(primary)) {
    criteria.primary_genre = primary;
  } else {
    corrections.push(`criteria.primary_genre: ${primary} is not among the kept criteria.genres, set to null`);
    criteria.primary_genre = null;
  }
  return criteria;
}

function checkCharacters(given: readonly CharacterAnswer[], known: KnownReferenceIds, corrections: string[]): AiDraftCharacter[] {
  return given.flatMap((character, index) => {
    const path = `characters[${index}]`;
    const name = textOrNull(character.name);
    if (name === null) {
      corrections.push(`${path}: no name, dropped`);
      return [];
    }
    const checked: AiDraftCharacter = {
      name,
      function_id: knownIdOrNull(character.function_id, known[CHARACTER_IDS.function_id], `${path}.function_id`, corrections),
      gender_id: knownIdOrNull(character.gender_id, known[CHARACTER_IDS.gender_id], `${path}.gender_id`, corrections),
      age_ids: knownIds(character.age_ids, known.characterAges, `${path}.age_ids`, corrections),
      topology_id: knownIdOrNull(character.topology_id, known[CHARACTER_IDS.topology_id], `${path}.topology_id`, corrections),
    };
    for (const key of CHARACTER_TEXTS) {
      const value = textOrNull(character[key]);
      if (value !== null) checked[key] = value;
    }
    return [checked];
  });
}

function checkRatings(given: Record<string, unknown>, corrections: string[]): Partial<Record<AiRatingType, number>> {
  if (Object.hasOwn(given, 'commercial')) corrections.push('ratings.commercial: dropped, the commercial rating is left to staff');
  const ratings: Partial<Record<AiRatingType, number>> = {};
  for (const type of RATED_BY_AI) {
    if (!Object.hasOwn(given, type)) continue;
    const value = given[type];
    if (typeof value !== 'number') {
      corrections.push(`ratings.${type}: ${shortJson(value)} is not a number, dropped`);
      continue;
    }
    const rounded = Math.round(value);
    const rating = Math.min(RATING_MAX, Math.max(RATING_MIN, rounded));
    if (rating !== value) corrections.push(`ratings.${type}: ${value} ${rating === rounded ? 'rounded' : 'clamped'} to ${rating}`);
    ratings[type] = rating;
  }
  return ratings;
}

function checkRatingsJustifications(given: NonNullable<DraftAnswer['ratings_justifications']>, corrections: string[]): Partial<Record<AiRatingType, string>> {
  if (Object.hasOwn(given, 'commercial')) corrections.push('ratings_justifications.commercial: dropped, the commercial rating is left to staff');
  const justifications: Partial<Record<AiRatingType, string>> = {};
  for (const type of RATED_BY_AI) {
    const value = textOrNull(given[type]);
    if (value !== null) justifications[type] = value;
  }
  return justifications;
}

function checkJustifications(given: NonNullable<DraftAnswer['justifications']>, criteria: AiDraftCriteria, corrections: string[]): AiDraftJustifications {
  const justifications: AiDraftJustifications = {};
  for (const list of JUSTIFIED_LISTS) {
    const path = `justifications.${list}`;
    const kept = criteria[list] ?? [];
    const entries: { id: number; justification: string }[] = [];
    for (const [index, entry] of (given[list] ?? []).entries()) {
      const justification = textOrNull(entry.justification);
      if (entry.id === undefined) corrections.push(`${path}[${index}]: no id, dropped`);
      else if (!kept.includes(entry.id)) corrections.push(`${path}: id ${entry.id} is not among the kept criteria.${list}, dropped`);
      else if (justification === null) corrections.push(`${path}: id ${entry.id} has no justification, dropped`);
      else if (entries.some((other) => other.id === entry.id)) corrections.push(`${path}: another justification of id ${entry.id} dropped`);
      else entries.push({ id: entry.id, justification });
    }
    justifications[list] = entries;
  }
  return justifications;
}

/** A value as JSON, cut short: it is quoted in a correction, not stored. */
function shortJson(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}
