import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Locale, Translations } from '../../../common/locales';

/**
 * How long typing may pause before what was typed goes to the form (ms). Until then a keystroke
 * renders this field alone: the form's own change (its schema work, every field of the tab, the
 * languages' marks) costs ≈ 20–30 ms on the reading sheet, more than a 60 Hz frame.
 */
export const TYPING_PAUSE_MS = 250;

interface Draft {
  locale: Locale;
  text: string;
}

/**
 * The text being typed in one language of a translatable value, kept by the field until typing
 * pauses (TYPING_PAUSE_MS), then handed to the form with `commit`. Leaving the field, Enter (which
 * may submit the form), switching language and unmounting hand it over at once, so a save or a
 * navigation never misses a letter.
 */
export function useTypingDraft(value: Translations, commit: (next: Translations) => void) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const latest = useRef({ value, commit, draft });
  useLayoutEffect(() => {
    latest.current = { value, commit, draft };
  });
  const timer = useRef<number | undefined>(undefined);

  const handOver = useCallback(() => {
    window.clearTimeout(timer.current);
    const { value: current, commit: send, draft: typed } = latest.current;
    if (!typed) return;
    latest.current.draft = null;
    setDraft(null);
    const next: Translations = { ...current };
    if (typed.text === '') delete next[typed.locale];
    else next[typed.locale] = typed.text;
    send(next);
  }, []);
  useEffect(() => handOver, [handOver]);

  const type = useCallback(
    (locale: Locale, text: string) => {
      if (latest.current.draft && latest.current.draft.locale !== locale) handOver();
      const typed = { locale, text };
      latest.current.draft = typed;
      setDraft(typed);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(handOver, TYPING_PAUSE_MS);
    },
    [handOver],
  );

  /** The text shown in a language: the one being typed, else the form's. */
  const shown = (locale: Locale): string => (draft?.locale === locale ? draft.text : (value[locale] ?? ''));
  /** Whether a language is being typed in (its text not yet the form's). */
  const typing = (locale: Locale): boolean => draft?.locale === locale;
  return { shown, typing, type, handOver };
}
