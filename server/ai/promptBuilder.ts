import { AI_DRAFT_TEXT_TARGETS } from '../../common/aiDraft.js';
import { pickTranslation, type Locale } from '../../common/locales.js';
import type { AiReferenceLists, ReferenceEntry, SheetForPrompt } from '../db/repositories/editorial/aiGenerationRepository.js';

/**
 * How much of the context (the report, or the manuscript's text) a prompt carries, in characters:
 * about 60,000 tokens, which leaves room for the lists, the instructions and a long answer in the
 * smallest context window of the three models. A longer text is cut, and the cut is written down
 * with the draft.
 */
const CONTEXT_BUDGET_CHARS = 240_000;

/** The prompt as sent, and what was cut to make it fit. */
export interface BuiltPrompt {
  text: string;
  corrections: string[];
}

const compact = (entries: object[]) => JSON.stringify(entries);

/** A list as the prompt shows it: `[{"id":3,"name":"Thriller"}…]`, names in the generation language. */
function listOf(entries: readonly ReferenceEntry[], lang: Locale): string {
  return compact(
    entries.map((entry) => ({ id: entry.id, name: pickTranslation(entry.names, lang), ...(entry.parentId ? { parent_id: entry.parentId } : {}) })),
  );
}

/** Thematics also say when to use them (their AI description), where one is written. */
function thematicsOf(entries: readonly ReferenceEntry[], lang: Locale): string {
  return compact(
    entries.map((entry) => {
      const useWhen = pickTranslation(entry.aiDescriptions, lang);
      return {
        id: entry.id,
        name: pickTranslation(entry.names, lang),
        ...(entry.parentId ? { parent_id: entry.parentId } : {}),
        ...(useWhen ? { use_when: useWhen } : {}),
      };
    }),
  );
}

/**
 * The context cut to the budget at the last paragraph (or sentence) break before it, so the model
 * never reads half a sentence; the cut is reported in words.
 */
function fitContext(context: string, budget = CONTEXT_BUDGET_CHARS): { text: string; correction?: string } {
  if (context.length <= budget) return { text: context };
  const head = context.slice(0, budget);
  const breakAt = Math.max(head.lastIndexOf('\n\n'), head.lastIndexOf('. '));
  const text = breakAt > budget * 0.8 ? head.slice(0, breakAt + 1) : head;
  const format = (n: number) => n.toLocaleString('en-US');
  return { text, correction: `context: cut to its first ${format(text.length)} characters of ${format(context.length)}, to fit the model` };
}

/** The variables that are no drafted map of the sheet: the sheet's other facts, the lists, the structure and the context. */
const FIXED_VARIABLES = [
  'author',
  'original_country',
  'private_comment',
  'genres',
  'thematics',
  'times',
  'periods',
  'categories',
  'formats',
  'literary_prizes',
  'character_lists',
  'adaptation_lists',
  'json_structure',
  'context',
] as const;
for (const field of Object.keys(AI_DRAFT_TEXT_TARGETS)) {
  if ((FIXED_VARIABLES as readonly string[]).includes(field))
    throw new Error(`reading-sheets.screen.json form.schema: the x-aiDraft field "${field}" is already a prompt variable`);
}

/**
 * The AI prompt of the chosen source and language (its `contents` in that language) with every
 * variable of SPEC §2 'AI-prompt save screen' filled: the sheet's known facts, the reference lists
 * with their ids, the draft's JSON structure and the context (cut to the budget). Every map the AI
 * drafts is also a variable named by its draft field (`{{title}}`, `{{pitch}}`, `{{public_comment}}`,
 * `{{scout}}` …: common/aiDraft.ts), its text in the language (the title falls back to the original
 * title). A variable the template does not use is simply not there; an unknown `{{name}}` is left
 * as written.
 */
export function buildPrompt(
  template: string,
  input: { sheet: SheetForPrompt; lists: AiReferenceLists; lang: Locale; jsonStructure: string; context: string },
): BuiltPrompt {
  const { sheet, lists, lang } = input;
  const fitted = fitContext(input.context);
  const maps: Record<string, string> = Object.fromEntries(
    Object.entries(AI_DRAFT_TEXT_TARGETS).map(([field, map]) => [field, pickTranslation(sheet[map], lang)]),
  );
  const values: Record<(typeof FIXED_VARIABLES)[number], string> & Record<string, string> = {
    ...maps,
    title: maps.title || sheet.originalTitle,
    author: sheet.authors.join(', '),
    original_country: pickTranslation(sheet.originalCountry, lang),
    private_comment: sheet.privateComment ?? '',
    genres: listOf(lists.genres, lang),
    thematics: thematicsOf(lists.thematics, lang),
    times: listOf(lists.times, lang),
    periods: listOf(lists.periods, lang),
    categories: listOf(lists.categories, lang),
    formats: listOf(lists.formats, lang),
    literary_prizes: listOf(lists.literaryPrizes, lang),
    character_lists: JSON.stringify({
      functions: JSON.parse(listOf(lists.characterFunctions, lang)),
      genders: JSON.parse(listOf(lists.characterGenders, lang)),
      ages: JSON.parse(listOf(lists.characterAges, lang)),
      topologies: JSON.parse(listOf(lists.characterTopologies, lang)),
    }),
    adaptation_lists: JSON.stringify({
      adaptation_formats: JSON.parse(listOf(lists.adaptationFormats, lang)),
      adaptation_kinds: JSON.parse(listOf(lists.adaptationKinds, lang)),
      adaptation_budgets: JSON.parse(listOf(lists.adaptationBudgets, lang)),
    }),
    json_structure: input.jsonStructure,
    context: fitted.text,
  };
  // One pass: a value that itself contains `{{…}}` (a report quoting a template) is not filled again.
  const text = template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
  return { text, corrections: fitted.correction ? [fitted.correction] : [] };
}
