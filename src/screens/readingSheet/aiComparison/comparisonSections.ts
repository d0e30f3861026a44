import type { UiSchema } from '@rjsf/utils';
import {
  AI_DRAFT_TEXT_TARGETS,
  AI_JUSTIFIED_LISTS,
  AI_RATING_TYPES,
  type AiDraftCriteria,
  type AiDraftNameField,
  type AiDraftTextField,
  type AiRatingType,
} from '../../../../common/aiDraft';
import type { OptionSource } from '../../../../common/screenDefinition';
import { sheetForm, type SheetForm } from '../sheetForm';

/**
 * What the AI comparison screen compares (SPEC §2 'AI comparison screen'): its seven sections, in
 * order, each a list of rows; a row pairs a part of the sheet (left, as saved) with the draft's
 * counterpart (right). A row's `key` names its transfer. Labels and option sources are the sheet
 * editor's (schemas/books/readingSheet.ui.json); this file only says what goes where.
 */

/** A draft text into the draft's language of one of the sheet's translatable maps. */
export interface TextRow {
  kind: 'text';
  key: AiDraftTextField;
  field: (typeof AI_DRAFT_TEXT_TARGETS)[AiDraftTextField];
}
/** A criterion, the same field on both sides: one id or a list of ids, with the AI's reasons for some lists. */
export interface CriterionRow {
  kind: 'criterion';
  key: keyof AiDraftCriteria;
  multiple: boolean;
  justified: boolean;
  source: ApiOptionSource;
}
/** One rating, 0 to 4 stars, with the AI's reason. */
export interface RatingRow {
  kind: 'rating';
  key: `ratings.${AiRatingType}`;
  type: AiRatingType;
}
/** A name of the draft matched with the directory: the author(s) for the sheet's authors, the publishing house for its company. */
export interface NameRow {
  kind: 'name';
  key: 'authorList' | 'company_id';
  from: AiDraftNameField;
  source: ApiOptionSource;
}
/** The characters: each AI character is added, or replaces a chosen saved one. */
export interface CharactersRow {
  kind: 'characters';
  key: 'characters';
}
export type ComparisonRow = TextRow | CriterionRow | RatingRow | NameRow | CharactersRow;

export type SectionId = 'base' | 'presentation' | 'criteria' | 'characters' | 'rights' | 'adaptation' | 'ratings';
export interface ComparisonSection {
  id: SectionId;
  rows: ComparisonRow[];
}

/** An option source read from the API. */
export type ApiOptionSource = OptionSource & { api: string };

const uiOf = (form: SheetForm) => (field: string) => (form.uiSchema[field] ?? {}) as UiSchema;

/** The option source the editor's widget of `field` reads (its ui:options.source). */
function sourceOf(ui: UiSchema, field: string): ApiOptionSource {
  const source = (ui['ui:options'] as { source?: OptionSource } | undefined)?.source;
  if (!source?.api) throw new Error(`The reading sheet editor's form (screen readingSheet): ${field} has no option source; the AI comparison cannot name its values`);
  return source as ApiOptionSource;
}

/** The sheet's label key of a row (its editor field's ui:title in the form in use). */
export function rowLabel(row: ComparisonRow, form: SheetForm = sheetForm()): string {
  const fieldUi = uiOf(form);
  switch (row.kind) {
    case 'text':
      return fieldUi(row.field)['ui:title'] as string;
    case 'rating':
      return (fieldUi('ratings')[row.type] as UiSchema)['ui:title'] as string;
    case 'characters':
      return fieldUi('characters')['ui:title'] as string;
    default:
      return fieldUi(row.key)['ui:title'] as string;
  }
}

const text = (key: AiDraftTextField): TextRow => ({ kind: 'text', key, field: AI_DRAFT_TEXT_TARGETS[key] });

/** What the comparison shows, from the editor's form in use. */
export interface Comparison {
  sections: readonly ComparisonSection[];
  /** Every row by its key. */
  rows: ReadonlyMap<string, ComparisonRow>;
}

const comparisons = new WeakMap<SheetForm, Comparison>();

/** The sections and rows of the comparison for the editor's form (built once per form). */
export function comparisonOf(form: SheetForm = sheetForm()): Comparison {
  const known = comparisons.get(form);
  if (known) return known;
  const sections = buildSections(form);
  const comparison = { sections, rows: new Map(sections.flatMap((section) => section.rows.map((row) => [row.key, row] as const))) };
  comparisons.set(form, comparison);
  return comparison;
}

/** The sections, in the order of SPEC §2; no commercial rating (the AI gives none). */
function buildSections(form: SheetForm): readonly ComparisonSection[] {
  const fieldUi = uiOf(form);
  const criterion = (key: keyof AiDraftCriteria): CriterionRow => ({
    kind: 'criterion',
    key,
    multiple: (form.schema.properties?.[key] as { type?: unknown } | undefined)?.type === 'array',
    justified: (AI_JUSTIFIED_LISTS as readonly string[]).includes(key),
    source: sourceOf(fieldUi(key), key),
  });
  const authorSource = sourceOf(((fieldUi('authorList').items as UiSchema).id ?? {}) as UiSchema, 'authorList.id');
  return [
  {
    id: 'base',
    rows: [
      text('title'),
      text('subtitle'),
      { kind: 'name', key: 'authorList', from: 'author', source: authorSource },
      criterion('original_country_id'),
      criterion('language_id'),
      criterion('time_id'),
      criterion('format_id'),
      criterion('periods'),
      text('additional_period'),
      criterion('places'),
      text('additional_place'),
    ],
  },
  {
    id: 'presentation',
    rows: [text('pitch'), text('summary'), text('report'), text('public_comment'), text('newsletter_comment'), text('additional_manuscript')],
  },
  {
    id: 'criteria',
    rows: [criterion('audiences'), criterion('genres'), criterion('primary_genre'), criterion('categories'), criterion('thematics'), criterion('literary_prizes')],
  },
  { id: 'characters', rows: [{ kind: 'characters', key: 'characters' }] },
  {
    // The rights' side of the draft: who published the book first (and holds the rights), and what the scout should know (rights, buzz, sales).
    id: 'rights',
    rows: [{ kind: 'name', key: 'company_id', from: 'publishing_house_name', source: sourceOf(fieldUi('company_id'), 'company_id') }, text('scout')],
  },
  {
    id: 'adaptation',
    rows: [
      criterion('adaptation_formats'),
      criterion('adaptation_kinds'),
      criterion('adaptation_budget_id'),
      text('duration'),
      text('detailed_summary'),
      text('key_moments'),
      text('arena'),
      text('promise'),
      text('message'),
      text('tone'),
      text('point_of_view'),
      text('narrative_structure'),
      text('strong_points'),
      text('weak_points'),
      text('book_references'),
      text('movie_references'),
    ],
  },
  { id: 'ratings', rows: AI_RATING_TYPES.map((type): RatingRow => ({ kind: 'rating', key: `ratings.${type}`, type })) },
  ];
}

