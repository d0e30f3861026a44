import type { UiSchema } from '@rjsf/utils';
import {
  AI_DRAFT_TEXT_TARGETS,
  AI_JUSTIFIED_LISTS,
  AI_RATING_TYPES,
  type AiDraftCriteria,
  type AiDraftedMap,
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
 * editor's (schemas/books/readingSheet.ui.json); this file says where the criteria, names, ratings
 * and characters go. The draft's texts are not listed here: each map the AI drafts (common/aiDraft.ts)
 * goes in the section of the editor's tab it sits on, and every section's rows follow the editor's
 * `ui:order`.
 */

/** A draft text into the draft's language of one of the sheet's translatable maps. */
interface TextRow {
  kind: 'text';
  key: AiDraftTextField;
  field: (typeof AI_DRAFT_TEXT_TARGETS)[AiDraftTextField];
}
/** A criterion, the same field on both sides: one id or a list of ids, with the AI's reasons for some lists. */
interface CriterionRow {
  kind: 'criterion';
  key: keyof AiDraftCriteria;
  multiple: boolean;
  justified: boolean;
  source: ApiOptionSource;
}
/** One rating, 0 to 4 stars, with the AI's reason. */
interface RatingRow {
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
interface CharactersRow {
  kind: 'characters';
  key: 'characters';
}
export type ComparisonRow = TextRow | CriterionRow | RatingRow | NameRow | CharactersRow;

/** The sections, in order; each is named like the editor's tab it compares (`screens.reading-sheets.tabs.<id>`). */
const SECTION_IDS = ['base', 'presentation', 'criteria', 'characters', 'rights', 'adaptation', 'ratings'] as const;
type SectionId = (typeof SECTION_IDS)[number];
export interface ComparisonSection {
  id: SectionId;
  rows: ComparisonRow[];
}

/** An option source read from the API. */
type ApiOptionSource = OptionSource & { api: string };

const uiOf = (form: SheetForm) => (field: string) => (form.uiSchema[field] ?? {}) as UiSchema;

/** The option source the editor's widget of `field` reads (its ui:options.source). */
function sourceOf(ui: UiSchema, field: string): ApiOptionSource {
  const source = (ui['ui:options'] as { source?: OptionSource } | undefined)?.source;
  if (!source?.api)
    throw new Error(`The reading sheet editor's form (screen readingSheet): ${field} has no option source; the AI comparison cannot name its values`);
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

/**
 * The drafted maps compared in another section than their tab's: what the scout should know
 * (rights, buzz, sales) goes with the rights, beside the first publishing house.
 */
const SECTION_OF_MAP: Partial<Record<AiDraftedMap, SectionId>> = { scouts: 'rights' };

interface Tab {
  label?: unknown;
  fields?: unknown;
  tabs?: unknown;
}
const tabsOf = (node: unknown): Tab[] => (Array.isArray(node) ? (node as Tab[]) : []);
/** Every field of a tab, its sub-tabs' included. */
const fieldsOf = (tab: Tab): string[] => [...(Array.isArray(tab.fields) ? (tab.fields as string[]) : []), ...tabsOf(tab.tabs).flatMap(fieldsOf)];
const sectionOfTab = (tab: Tab): SectionId | undefined => {
  const id = typeof tab.label === 'string' ? tab.label.split('.').pop() : undefined;
  return (SECTION_IDS as readonly string[]).includes(id ?? '') ? (id as SectionId) : undefined;
};

/**
 * The section of each field on the editor's tabs (`ui:options.tabs`): its tab's, or, for a tab the
 * comparison has no section of, the section of the last tab before it that has one.
 */
function tabSections(form: SheetForm): Map<string, SectionId> {
  const sections = new Map<string, SectionId>();
  let current: SectionId = SECTION_IDS[0];
  for (const tab of tabsOf((form.uiSchema['ui:options'] as { tabs?: unknown } | undefined)?.tabs)) {
    current = sectionOfTab(tab) ?? current;
    for (const field of fieldsOf(tab)) sections.set(field, current);
  }
  return sections;
}

/** The editor's field a row shows (its position in `ui:order` orders the section). */
function editorField(row: ComparisonRow): string {
  switch (row.kind) {
    case 'text':
      return row.field;
    case 'rating':
      return 'ratings';
    default:
      return row.key;
  }
}

/** The sections, in the order of SPEC §2; no commercial rating (the AI gives none). */
function buildSections(form: SheetForm): readonly ComparisonSection[] {
  const fieldUi = uiOf(form);
  const criterion = (key: keyof AiDraftCriteria): CriterionRow => ({
    kind: 'criterion',
    key,
    multiple: (form.resolved.properties?.[key] as { type?: unknown } | undefined)?.type === 'array',
    justified: (AI_JUSTIFIED_LISTS as readonly string[]).includes(key),
    source: sourceOf(fieldUi(key), key),
  });
  const authorSource = sourceOf(((fieldUi('authorList').items as UiSchema).id ?? {}) as UiSchema, 'authorList.id');
  const rows: Record<SectionId, ComparisonRow[]> = {
    base: [
      { kind: 'name', key: 'authorList', from: 'author', source: authorSource },
      criterion('original_country_id'),
      criterion('language_id'),
      criterion('time_id'),
      criterion('format_id'),
      criterion('periods'),
      criterion('places'),
    ],
    presentation: [],
    criteria: [
      criterion('audiences'),
      criterion('genres'),
      criterion('primary_genre'),
      criterion('categories'),
      criterion('thematics'),
      criterion('literary_prizes'),
    ],
    characters: [{ kind: 'characters', key: 'characters' }],
    // The rights' side of the draft: who published the book first (and holds the rights).
    rights: [{ kind: 'name', key: 'company_id', from: 'publishing_house_name', source: sourceOf(fieldUi('company_id'), 'company_id') }],
    adaptation: [criterion('adaptation_formats'), criterion('adaptation_kinds'), criterion('adaptation_budget_id')],
    ratings: AI_RATING_TYPES.map((type): RatingRow => ({ kind: 'rating', key: `ratings.${type}`, type })),
  };
  const onTab = tabSections(form);
  for (const key of Object.keys(AI_DRAFT_TEXT_TARGETS) as AiDraftTextField[]) {
    const row = text(key);
    rows[SECTION_OF_MAP[row.field] ?? onTab.get(row.field) ?? SECTION_IDS[0]].push(row);
  }
  const order = Array.isArray(form.uiSchema['ui:order']) ? (form.uiSchema['ui:order'] as string[]) : form.properties;
  const rest = order.includes('*') ? order.indexOf('*') : order.length;
  const position = (row: ComparisonRow) => (order.includes(editorField(row)) ? order.indexOf(editorField(row)) : rest);
  // A stable sort: rows of one field (the ratings) keep their order.
  return SECTION_IDS.map((id) => ({ id, rows: [...rows[id]].sort((a, b) => position(a) - position(b)) }));
}
