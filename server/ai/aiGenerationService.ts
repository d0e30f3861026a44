import type { FastifyBaseLogger } from 'fastify';
import type { AiDraftRecord } from '../../common/aiDraft.js';
import type { Locale, Translations } from '../../common/locales.js';
import { AiCallError, type AiCompletion } from './aiCompletion.js';
import { aiModelOf, AI_MODEL_IDS, type AiModelId } from './aiModels.js';
import { checkDraftAnswer, DraftAnswerError, type KnownReferenceIds } from './draftAnswer.js';
import { manuscriptText, ManuscriptTextError } from './manuscriptText.js';
import { buildPrompt } from './promptBuilder.js';
import type { AiConfig } from '../config.js';
import type { Db } from '../db/client.js';
import {
  aiReferenceLists,
  failGeneration,
  findDraft,
  markGenerationRunning,
  sheetForPrompt,
  storeDraft,
  type AiReferenceLists,
  type SheetForPrompt,
} from '../db/repositories/editorial/aiGenerationRepository.js';
import { findAiPromptByLabel } from '../db/repositories/editorial/aiPromptRepository.js';
import { conflict, unprocessable } from '../http/errors.js';
import type { Storage } from '../storage/Storage.js';
import { actionBody, type FieldWords } from '../engine/actionBody.js';
import { getSheet, type SheetApi } from '../sheets/sheetReadService.js';

/** The AI sources and languages of SPEC §9. */
const AI_SOURCES = ['report', 'manuscript'] as const;
const AI_LANGUAGES = ['en', 'fr'] as const;
type AiSource = (typeof AI_SOURCES)[number];
export type AiLanguage = (typeof AI_LANGUAGES)[number];

/** Body of `POST admin/ai-books/ai-book-generation` (SPEC §7). */
export const GENERATION_BODY = {
  type: 'object',
  required: ['generate_from', 'ai_model', 'language', 'book_id'],
  properties: {
    generate_from: { enum: [...AI_SOURCES] },
    ai_model: { enum: [...AI_MODEL_IDS] },
    language: { enum: [...AI_LANGUAGES] },
    book_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
} as const;

/** One generation as the queue carries it. */
export interface GenerationJob {
  bookId: number;
  generateFrom: AiSource;
  model: AiModelId;
  language: AiLanguage;
}

export const GENERATION_MESSAGES = {
  started: 'The AI generation has started: the reading sheet will say when its draft is ready.',
  running: 'An AI generation is already running for this reading sheet.',
  noSheet: 'This reading sheet no longer exists (it may have been deleted).',
  noManuscript: 'This reading sheet has no manuscript: upload one, or generate from the report.',
  interrupted: 'The AI generation was interrupted (the server stopped before it ended): launch it again.',
} as const;

/** The editor's labels of the two fields a generation from the report reads (SPEC §2: `summaries` is labelled 'Report'). */
export const REPORT_FIELD_LABELS = { summaries: 'Report', report: 'Full report' } as const;

const LANGUAGE_NAMES: Record<AiLanguage, string> = { en: 'English', fr: 'French' };

/** The refusal of a generation from the report when both report fields are empty in the language and in English. */
export function noReportMessage(language: AiLanguage): string {
  const where = language === 'en' ? 'in English' : `in ${LANGUAGE_NAMES[language]} and in English`;
  return `This reading sheet has no report to generate from: its '${REPORT_FIELD_LABELS.summaries}' and its '${REPORT_FIELD_LABELS.report}' are empty ${where}. Fill in one of them, or generate from the manuscript.`;
}

/** The headings of the two fields in the context, in the prompt's language, when both are sent. */
const CONTEXT_HEADINGS: Record<AiLanguage, { summaries: string; report: string }> = {
  en: { summaries: `${REPORT_FIELD_LABELS.summaries}:`, report: `${REPORT_FIELD_LABELS.report}:` },
  fr: { summaries: 'Rapport :', report: 'Rapport complet :' },
};

/** A translatable text in the language, else in English; '' when neither has text. */
function inLanguageOrEnglish(value: Translations | null | undefined, language: Locale): string {
  return value?.[language]?.trim() || value?.en?.trim() || '';
}

/**
 * What a generation from the report reads (docs/ai.md): the 'Report' (`summaries`), and the 'Full
 * report' (`report`) when it has text, each in the language, else in English. Both are headed by
 * their labels when both are sent. '' when both are empty: the generation is refused.
 */
function reportContext(sheet: Pick<SheetForPrompt, 'summaries' | 'report'>, language: AiLanguage): string {
  const summary = inLanguageOrEnglish(sheet.summaries, language);
  const full = inLanguageOrEnglish(sheet.report, language);
  if (!summary || !full) return summary || full;
  const headings = CONTEXT_HEADINGS[language];
  return `${headings.summaries}\n${summary}\n\n${headings.report}\n${full}`;
}

/** The refusals of the 'Generate with AI' dialog in its words: what to choose. */
const GENERATION_WORDS: Readonly<Record<string, FieldWords>> = {
  generate_from: { missing: 'Choose what to generate from', invalid: 'Choose the report or the manuscript' },
  ai_model: { missing: 'Choose an AI model', invalid: 'Choose one of the AI models offered' },
  language: { missing: 'Choose a language', invalid: 'Choose English or French' },
  book_id: { missing: 'Choose the reading sheet to generate a draft for' },
};

const readBody = actionBody<{ generate_from: AiSource; ai_model: AiModelId; language: AiLanguage; book_id: number }>(GENERATION_BODY, {
  words: GENERATION_WORDS,
});

/** What a launch needs: the database, the AI settings and the queue that runs the generation. */
export interface LaunchDeps {
  db: Db;
  ai: AiConfig;
  enqueue(job: GenerationJob): Promise<void>;
}

/**
 * `POST admin/ai-books/ai-book-generation`: checks the request (every refusal at once, per field:
 * a model this server cannot call says whom to ask; a manuscript source needs a stored
 * manuscript, a report source a 'Report' or a 'Full report'; the prompt of the source must be written in the
 * language), marks the sheet running (409 when it already is) and queues the generation. Answers
 * at once; the sheet's flags say how it ends.
 */
export async function launchGeneration(
  deps: LaunchDeps,
  rawBody: unknown,
): Promise<{ message: string; data: { book_id: number; is_ai_generation_running: true } }> {
  const body = readBody(rawBody);
  const errors: Record<string, string[]> = {};
  const model = aiModelOf(deps.ai, body.ai_model)!;
  if (!model.available) errors.ai_model = [`The ${model.label} model is not set up on this server: ask your administrator or technical team to enable it.`];
  const sheet = await sheetForPrompt(deps.db, body.book_id);
  if (!sheet) errors.book_id = [GENERATION_MESSAGES.noSheet];
  else if (body.generate_from === 'manuscript' && !sheet.manuscriptStoredName) errors.generate_from = [GENERATION_MESSAGES.noManuscript];
  else if (body.generate_from === 'report' && !reportContext(sheet, body.language)) errors.generate_from = [noReportMessage(body.language)];
  const prompt = await findAiPromptByLabel(deps.db, body.generate_from);
  if (!errors.generate_from && !prompt?.contents[body.language]?.trim()) {
    errors.generate_from = [`The AI prompt "${body.generate_from}" has no text in ${LANGUAGE_NAMES[body.language]}: write it on the AI prompts screen.`];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  if (!(await markGenerationRunning(deps.db, body.book_id))) throw conflict(GENERATION_MESSAGES.running);
  try {
    await deps.enqueue({ bookId: body.book_id, generateFrom: body.generate_from, model: body.ai_model, language: body.language });
  } catch (error) {
    await failGeneration(deps.db, body.book_id, 'The AI generation could not be queued: try again.');
    throw error;
  }
  return { message: GENERATION_MESSAGES.started, data: { book_id: body.book_id, is_ai_generation_running: true } };
}

/** What a generation needs to run: the database, the stored files, the providers and a log. */
export interface GenerationDeps {
  db: Db;
  ai: AiConfig;
  storage: Storage;
  complete: AiCompletion;
  log: FastifyBaseLogger;
}

const idsOf = (entries: readonly { id: number }[]) => new Set(entries.map((entry) => entry.id));

function knownIds(lists: AiReferenceLists): KnownReferenceIds {
  return {
    genres: idsOf(lists.genres),
    thematics: idsOf(lists.thematics),
    periods: idsOf(lists.periods),
    categories: idsOf(lists.categories),
    literaryPrizes: idsOf(lists.literaryPrizes),
    times: idsOf(lists.times),
    formats: idsOf(lists.formats),
    adaptationFormats: idsOf(lists.adaptationFormats),
    adaptationKinds: idsOf(lists.adaptationKinds),
    adaptationBudgets: idsOf(lists.adaptationBudgets),
    characterFunctions: idsOf(lists.characterFunctions),
    characterGenders: idsOf(lists.characterGenders),
    characterAges: idsOf(lists.characterAges),
    characterTopologies: idsOf(lists.characterTopologies),
  };
}

/** The instructions sent beside the prompt: the answer is one JSON object, nothing else. */
const SYSTEM_INSTRUCTIONS = 'You answer with one JSON object only, following the structure the request gives, with no Markdown and no text around it.';

/**
 * Runs one generation: the prompt of the source and language filled from the sheet and the
 * reference lists (the manuscript's text read from its PDF), the model called, the answer checked
 * and stored as the sheet's draft with the call's record. A transient provider failure is thrown
 * as AiCallError for the queue to retry (`lastAttempt` false); any other failure, or a transient
 * one on the last attempt, ends the generation with its reason on the sheet. Never leaves the
 * sheet running, but when `signal` aborts (its server stops): then nothing is written and the job
 * goes back to the queue.
 */
export async function runGeneration(deps: GenerationDeps, job: GenerationJob, lastAttempt: boolean, signal?: AbortSignal): Promise<void> {
  try {
    const sheet = await sheetForPrompt(deps.db, job.bookId);
    if (!sheet) return; // deleted meanwhile: its flags went with it
    const model = aiModelOf(deps.ai, job.model)!;
    if (!model.available)
      throw new DraftAnswerError(`The ${model.label} model is no longer set up on this server: ask your administrator or technical team to enable it.`);
    const prompt = await findAiPromptByLabel(deps.db, job.generateFrom);
    const template = prompt?.contents[job.language]?.trim();
    if (!prompt || !template) throw new DraftAnswerError(`The AI prompt "${job.generateFrom}" has no text in this language any more.`);
    const context =
      job.generateFrom === 'manuscript' ? await manuscriptText(deps.storage, sheet.manuscriptStoredName ?? '') : reportContext(sheet, job.language);
    const lists = await aiReferenceLists(deps.db);
    const built = buildPrompt(template, { sheet, lists, lang: job.language, jsonStructure: prompt.jsonStructure, context });
    const answer = await deps.complete({ model, system: SYSTEM_INSTRUCTIONS, prompt: built.text, ...(signal ? { signal } : {}) });
    const draft = checkDraftAnswer(answer.text, knownIds(lists));
    await storeDraft(deps.db, job.bookId, {
      ...draft.values,
      locale: job.language,
      model: model.model,
      generateFrom: job.generateFrom,
      prompt: built.text,
      rawAnswer: answer.text,
      inputTokens: answer.inputTokens,
      outputTokens: answer.outputTokens,
      durationMs: answer.durationMs,
      corrections: [...built.corrections, ...draft.corrections],
    });
    deps.log.info(
      { bookId: job.bookId, model: model.model, inputTokens: answer.inputTokens, outputTokens: answer.outputTokens, durationMs: answer.durationMs },
      'AI draft stored',
    );
  } catch (error) {
    // Stopped with its server: nothing is written, the job is retried by the next one.
    if (signal?.aborted) throw error;
    // The provider's own words (who answered, the status, its message) go to the log; the sheet says the sentence for staff.
    if (error instanceof AiCallError && error.transient && !lastAttempt) {
      deps.log.warn({ bookId: job.bookId, status: error.status, detail: error.detail }, 'AI generation failed, to be retried');
      throw error;
    }
    if (error instanceof AiCallError) deps.log.warn({ bookId: job.bookId, status: error.status, detail: error.detail }, 'AI generation failed');
    const known = error instanceof AiCallError || error instanceof DraftAnswerError || error instanceof ManuscriptTextError;
    if (!known) deps.log.error({ bookId: job.bookId, err: error }, 'AI generation failed');
    await failGeneration(
      deps.db,
      job.bookId,
      known ? (error as Error).message : 'The AI generation failed on the server: try again, and tell support if it fails again.',
    );
  }
}

/** Column names as the API writes fields: `publishingHouseName` → `publishing_house_name`. */
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * `GET admin/ai-books/{id}` (SPEC §7): the sheet as its editor reads it (`book`, with its AI flags)
 * and its draft (`aiBook`, fields as the API writes them, with the call's record: prompt, raw
 * answer, model, tokens, duration, corrections), null while none was made. 404 for an unknown sheet.
 */
export async function getAiBook(db: Db, rawId: string | number): Promise<{ book: SheetApi; aiBook: AiDraftRecord<Date> | null }> {
  const book = await getSheet(db, rawId);
  const draft = await findDraft(db, book.id);
  // Each column to its API name (the texts already flat, by their draft field: findDraft); the jsonb columns hold common/aiDraft.ts's shapes, the checks keep locale and source known.
  return { book, aiBook: draft ? (Object.fromEntries(Object.entries(draft).map(([key, value]) => [snake(key), value])) as AiDraftRecord<Date>) : null };
}
