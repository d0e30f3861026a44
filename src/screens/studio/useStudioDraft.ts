import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Messages } from '../../../common/i18nResources';
import { labelNamespace } from '../../../common/labelNamespace';
import { queryKeys } from '../../engine/api/queryKeys';
import { isApiError } from '../../engine/api/ApiError';
import { studioCalls, type DraftContent, type ScreenCatalog, type ScreenDetail, type ScreenProblem } from './studioCalls';
import type { Json } from './draftEdits';

/** How long the studio waits after the last change before it saves the draft and checks it. */
const SAVE_DELAY_MS = 700;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export interface StudioDraft {
  detail: ScreenDetail;
  catalog: ScreenCatalog;
  /** The i18n namespace of the screen's own texts (`screens.genres`). */
  namespace: string;
  draft: DraftContent;
  /** The version the draft is made from (sent with the publish). */
  baseVersion: number;
  problems: ScreenProblem[];
  /** Whether the problems are those of the draft as it is now (a check is not on its way). */
  checked: boolean;
  saveState: SaveState;
  /**
   * Whether the draft differs from the published version; always, while a release flags the screen
   * (its built-in file serves it): a draft equal to that file publishes too, as the version that fits.
   */
  changed: boolean;
  update(next: Partial<DraftContent>): void;
  /** Takes another starting point (after a publish, a rollback, a colleague's version). */
  reset(content: DraftContent, baseVersion: number): void;
  /** Saves the draft as it is on the page now, and checks it (before publishing). */
  flush(): Promise<void>;
  /**
   * Throws the draft away (`DELETE admin/screens/{name}/draft`, after any save on its way): the
   * draft starts again from the version in use now, read again (a colleague may have published).
   * Resolves with the server's message.
   */
  discard(): Promise<string>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The draft of one screen as staff edit it: read from the server (the stored draft, else the
 * published version), saved back as they work (debounced: a reload or a lost session loses
 * nothing) and checked by the server's complete check after each change.
 */
export function useStudioDraft(name: string): { loading: true; error?: unknown } | ({ loading: false } & StudioDraft) {
  const queryClient = useQueryClient();
  const detailQuery = useQuery({
    queryKey: queryKeys.screens('detail', { name }),
    queryFn: ({ signal }) => studioCalls.get(name, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
  const catalogQuery = useQuery({
    queryKey: queryKeys.screens('catalog', { name }),
    queryFn: ({ signal }) => studioCalls.catalog(name, signal),
    staleTime: Infinity,
  });
  const [draft, setDraft] = useState<DraftContent | undefined>(undefined);
  const [baseVersion, setBaseVersion] = useState(0);
  const [problems, setProblems] = useState<ScreenProblem[]>([]);
  const [checked, setChecked] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const pending = useRef<{ content: DraftContent; timer: ReturnType<typeof setTimeout> } | undefined>(undefined);
  // The save on its way, if any: a discard waits for it, so the draft it deletes is the last one written.
  const inFlight = useRef<Promise<unknown> | undefined>(undefined);
  const checkSerial = useRef(0);

  const detail = detailQuery.data;
  // The first answer gives the starting point: the stored draft, else the published version.
  if (detail && draft === undefined) {
    setDraft(detail.draft ? { definition: detail.draft.definition, labels: detail.draft.labels } : { definition: detail.definition, labels: detail.labels });
    setBaseVersion(detail.version);
  }

  const check = useCallback(
    async (content: DraftContent) => {
      const serial = ++checkSerial.current;
      setChecked(false);
      try {
        const found = await studioCalls.check(name, content);
        if (serial === checkSerial.current) {
          setProblems(found);
          setChecked(true);
        }
      } catch (error) {
        if (serial === checkSerial.current) setProblems([{ path: '(definition)', message: isApiError(error) ? error.message : String(error) }]);
      }
    },
    [name],
  );

  const save = useCallback(
    async (content: DraftContent) => {
      setSaveState('saving');
      try {
        const saving = studioCalls.saveDraft(name, content);
        inFlight.current = saving.catch(() => undefined);
        await saving;
        setSaveState('saved');
        void queryClient.invalidateQueries({ queryKey: queryKeys.screens('list') });
      } catch {
        setSaveState('failed');
      }
    },
    [name, queryClient],
  );

  // The draft as last set, for changes made one after the other before the page renders again.
  const latest = useRef(draft);
  useLayoutEffect(() => {
    latest.current = draft;
  }, [draft]);

  // The published version is checked once, so its problems (none, normally) show from the start.
  const started = useRef(false);
  useEffect(() => {
    if (draft && !started.current) {
      started.current = true;
      void check(draft);
    }
  }, [draft, check]);

  const flush = useCallback(async () => {
    const waiting = pending.current;
    if (waiting) clearTimeout(waiting.timer);
    pending.current = undefined;
    // Saved again even when nothing waits: one draft per screen, a colleague's draft or publish may have replaced it.
    const content = waiting?.content ?? latest.current;
    if (content) await Promise.all([save(content), check(content)]);
  }, [save, check]);

  // What waits is saved when the page is left.
  useEffect(
    () => () => {
      const waiting = pending.current;
      if (waiting) {
        clearTimeout(waiting.timer);
        void studioCalls.saveDraft(name, waiting.content).catch(() => undefined);
      }
    },
    [name],
  );

  const update = useCallback(
    (next: Partial<DraftContent>) => {
      const current = latest.current;
      if (!current) return;
      const content = { definition: (next.definition ?? current.definition) as Json, labels: (next.labels ?? current.labels) as Messages };
      latest.current = content;
      setDraft(content);
      setChecked(false);
      if (pending.current) clearTimeout(pending.current.timer);
      const timer = setTimeout(() => {
        pending.current = undefined;
        void save(content);
        void check(content);
      }, SAVE_DELAY_MS);
      pending.current = { content, timer };
    },
    [save, check],
  );

  const reset = useCallback(
    (content: DraftContent, version: number) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = undefined;
      latest.current = content;
      setDraft(content);
      setBaseVersion(version);
      setSaveState('idle');
      void check(content);
    },
    [check],
  );

  const discard = useCallback(async () => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = undefined;
    await inFlight.current;
    const answer = await studioCalls.discardDraft(name);
    const fresh = await studioCalls.get(name);
    queryClient.setQueryData(queryKeys.screens('detail', { name }), fresh);
    reset({ definition: fresh.definition, labels: fresh.labels }, fresh.version);
    void queryClient.invalidateQueries({ queryKey: queryKeys.screens('list') });
    return answer.message;
  }, [name, queryClient, reset]);

  if (detailQuery.error || catalogQuery.error) return { loading: true, error: detailQuery.error ?? catalogQuery.error };
  if (!detail || !catalogQuery.data || !draft) return { loading: true };
  return {
    loading: false,
    detail,
    catalog: catalogQuery.data,
    namespace: labelNamespace({ resource: detail.name, ...detail.definition }),
    draft,
    baseVersion,
    problems,
    checked,
    saveState,
    changed: !same(draft.definition, detail.definition) || !same(draft.labels, detail.labels) || Boolean(detail.unfit ?? detail.conflict),
    update,
    reset,
    flush,
    discard,
  };
}
