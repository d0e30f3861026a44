import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translations } from '../../../common/locales';
import { TYPING_PAUSE_MS, useTypingDraft } from './useTypingDraft';

describe('useTypingDraft: what is typed reaches the form when typing pauses, or at once when the field is left', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (value: Translations = { en: 'The Lighthouse', fr: 'Le Phare' }) => {
    const commit = vi.fn<(next: Translations) => void>();
    const hook = renderHook(({ current }) => useTypingDraft(current, commit), { initialProps: { current: value } });
    return { commit, hook };
  };

  it('shows each keystroke at once and hands the text over once, after the pause', () => {
    const { commit, hook } = setup();
    act(() => hook.result.current.type('fr', 'Le Phare!'));
    act(() => hook.result.current.type('fr', 'Le Phare!!'));
    expect(hook.result.current.shown('fr')).toBe('Le Phare!!');
    expect(hook.result.current.shown('en')).toBe('The Lighthouse');
    expect(hook.result.current.typing('fr')).toBe(true);
    expect(hook.result.current.typing('en')).toBe(false);
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS - 1));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledExactlyOnceWith({ en: 'The Lighthouse', fr: 'Le Phare!!' });
    expect(hook.result.current.typing('fr')).toBe(false);
  });

  it('hands over at once when asked (leaving the field, Enter, another language), and an emptied language is removed', () => {
    const { commit, hook } = setup();
    act(() => hook.result.current.type('fr', ''));
    act(() => hook.result.current.handOver());
    expect(commit).toHaveBeenCalledExactlyOnceWith({ en: 'The Lighthouse' });
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS));
    expect(commit).toHaveBeenCalledOnce();

    act(() => hook.result.current.type('en', 'The Light'));
    act(() => hook.result.current.type('de', 'Der'));
    expect(commit).toHaveBeenLastCalledWith({ en: 'The Light', fr: 'Le Phare' });
  });

  it('hands over what was typed when the field goes away (a tab or a page left within the pause)', () => {
    const { commit, hook } = setup();
    act(() => hook.result.current.type('en', 'The Lighthouse keeper'));
    hook.unmount();
    expect(commit).toHaveBeenCalledExactlyOnceWith({ en: 'The Lighthouse keeper', fr: 'Le Phare' });
  });

  it('merges into the value the form holds when it hands over, not the one it held when typing began', () => {
    const { commit, hook } = setup();
    act(() => hook.result.current.type('en', 'The Lighthouse!'));
    hook.rerender({ current: { en: 'The Lighthouse', fr: 'Le Phare', de: 'Der Leuchtturm' } });
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS));
    expect(commit).toHaveBeenCalledExactlyOnceWith({ en: 'The Lighthouse!', fr: 'Le Phare', de: 'Der Leuchtturm' });
  });
});
