import type { TFunction } from 'i18next';
import type { AiDraftRecord } from '../../../../common/aiDraft';
import type { Locale } from '../../../../common/locales';
import { call } from '../../../engine/api/apiClient';
import type { ApiRecord } from '../../../engine/api/resourceApi';

/** A model of the generation dialog, as `GET admin/ai-books/models` lists it. */
export interface AiModelOption {
  id: string;
  label: string;
  provider: string;
  available: boolean;
  /** How to enable a model that is not available. */
  help?: string;
}

/** The body of a generation (SPEC §7). */
export interface GenerationRequest {
  generate_from: 'report' | 'manuscript';
  ai_model: string;
  language: Extract<Locale, 'en' | 'fr'>;
  book_id: number;
}

/** A sheet's AI state and draft, as `GET admin/ai-books/{id}` answers them. */
export interface AiBookAnswer {
  book: ApiRecord & { is_ai_generation_running?: boolean; has_ai_results?: boolean; ai_generation_error?: string | null };
  aiBook: AiDraftRecord | null;
}

/** Where the AI comparison saves a sheet (`POST admin/ai-books/update-book/{id}`, the sheet's save by another path). */
export const AI_UPDATE_BOOK_API = 'ai-books/update-book';

/** The AI calls of the reading-sheet editor. */
export const aiCalls = {
  models: async (signal?: AbortSignal) => (await call<{ data: AiModelOption[] }>('get', 'ai-books/models', signal ? { signal } : {})).data,
  /** Launches a generation; the success toast is the server's message. */
  generate: (body: GenerationRequest) => call<{ message: string }>('post', 'ai-books/ai-book-generation', { json: body }),
  /** The sheet's flags and draft; quiet: a poll that fails once is asked again, not toasted. */
  aiBook: async (sheetId: string | number, signal?: AbortSignal) =>
    (await call<{ data: AiBookAnswer }>('get', `ai-books/${sheetId}`, { quiet: true, ...(signal ? { signal } : {}) })).data,
};

/** How a draft was made, in words: 'Made by {model} in {language} from the {source}; tokens …; … s.' */
export function draftMadeWith(t: TFunction, draft: AiDraftRecord): string {
  return t('screens.reading-sheets.ai.madeWith', {
    model: draft.model,
    language: t(`locales.${draft.locale}`),
    source: t(`screens.reading-sheets.ai.sources.${draft.generate_from}`),
    tokens: `${draft.input_tokens ?? '-'} / ${draft.output_tokens ?? '-'}`,
    seconds: draft.duration_ms == null ? '-' : Math.round(draft.duration_ms / 1000),
  });
}
