import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../engine/api/queryKeys';
import { notify } from '../../../engine/notify/notifications';
import { aiCalls } from './aiCalls';

/** How often the editor asks whether a running generation has ended. */
const AI_POLL_MS = 3000;

/** The sheet's AI flags, as its record carries them. */
export interface AiFlags {
  running: boolean;
  hasResults: boolean;
  error: string | null;
}

/**
 * The AI state of the sheet open in the editor: its flags, and, while a generation runs, a poll of
 * `GET admin/ai-books/{id}` every 3 s that tells the editor when it ends (a toast says how) without
 * a reload. The flags go to the form as stored (`applyStored`): they are no unsaved change.
 */
export function useAiGeneration(sheetId: string | undefined, record: Record<string, unknown>, applyStored: (patch: Record<string, unknown>) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pollKey = queryKeys.related('books', sheetId ?? 'new', 'ai');
  const flags: AiFlags = {
    running: record.is_ai_generation_running === true,
    hasResults: record.has_ai_results === true,
    error: typeof record.ai_generation_error === 'string' ? record.ai_generation_error : null,
  };
  const poll = useQuery({
    queryKey: pollKey,
    queryFn: ({ signal }) => aiCalls.aiBook(sheetId!, signal),
    enabled: sheetId !== undefined && flags.running,
    refetchInterval: AI_POLL_MS,
    refetchIntervalInBackground: true,
  });
  // The poll saw the end: the form takes the flags, and the editor says how it ended.
  const book = poll.data?.book;
  const ended = flags.running && book?.is_ai_generation_running === false;
  useEffect(() => {
    if (!ended || !book) return;
    applyStored({ is_ai_generation_running: false, has_ai_results: book.has_ai_results === true, ai_generation_error: book.ai_generation_error ?? null });
    if (book.ai_generation_error) notify({ severity: 'error', summary: t('screens.reading-sheets.ai.failedTitle'), detail: book.ai_generation_error });
    else notify({ severity: 'success', summary: t('notices.success'), detail: t('screens.reading-sheets.ai.ready') });
  }, [ended, book, applyStored, t]);
  /** A launch was accepted: the sheet runs from now on. */
  const started = useCallback(() => {
    // The last poll saw the previous generation end: forgotten, it cannot announce this one's end.
    queryClient.removeQueries({ queryKey: queryKeys.related('books', sheetId ?? 'new', 'ai') });
    applyStored({ is_ai_generation_running: true, ai_generation_error: null });
  }, [applyStored, queryClient, sheetId]);
  return { flags, started };
}
