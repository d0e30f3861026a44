import { useEffect, useState } from 'react';

/**
 * How long a picker waits after the last keystroke before it searches the server. Shorter than
 * the lists' 500 ms (SPEC §9): a picker's answer is ten rows, and the user is waiting on them.
 */
const PICKER_SEARCH_DELAY_MS = 300;

/** `value` once it has not changed for `delayMs`: what a search box sends to the server. */
export function useDebouncedValue<T>(value: T, delayMs = PICKER_SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
