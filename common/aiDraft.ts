import type { Locale } from './locales';

/**
 * An AI draft of a reading sheet as `GET admin/ai-books/{id}` sends it (SPEC §3 'AI book'): the
 * single-language counterparts of the sheet's translatable texts, in `locale`; the proposed
 * criteria, characters and ratings; the justifications; and how the draft was made. The server
 * stores these shapes (server/db/schema/ai-books.ts) and the comparison screen reads them.
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
export type AiJustifiedList = (typeof AI_JUSTIFIED_LISTS)[number];

/** Why the AI chose each criterion of a justified list. */
export type AiDraftJustifications = Partial<Record<AiJustifiedList, { id: number; justification: string }[]>>;

/** The ratings the AI gives, 0 to 4 stars: every type but the commercial one, which is the staff's judgement. */
export const AI_RATING_TYPES = ['quality', 'concept', 'plot', 'characters', 'coherence', 'emotions', 'dialogues'] as const;
export type AiRatingType = (typeof AI_RATING_TYPES)[number];

/** Which of the sheet's translatable maps (API names) each single-language text of a draft fills when transferred. */
export const AI_DRAFT_TEXT_TARGETS = {
  title: 'titles',
  subtitle: 'subtitles',
  pitch: 'pitches',
  public_comment: 'public_comments',
  newsletter_comment: 'newsletter_comments',
  summary: 'summaries',
  report: 'report',
  scout: 'scouts',
  additional_period: 'additional_periods',
  additional_place: 'additional_places',
  duration: 'durations',
  additional_manuscript: 'additional_manuscripts',
  detailed_summary: 'detailed_summaries',
  key_moments: 'key_moments',
  arena: 'arenas',
  promise: 'promises',
  message: 'messages',
  tone: 'tones',
  point_of_view: 'point_of_views',
  narrative_structure: 'narrative_structures',
  strong_points: 'strong_points',
  weak_points: 'weak_points',
  book_references: 'book_references',
  movie_references: 'movie_references',
} as const;
export type AiDraftTextField = keyof typeof AI_DRAFT_TEXT_TARGETS;

/** The draft's texts with no translatable counterpart: names the comparison matches with the directory. */
export type AiDraftNameField = 'author' | 'publishing_house_name';

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
