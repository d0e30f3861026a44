/** A toast request; the shell's <Notifications/> shows it with PrimeReact's Toast. */
export interface Notice {
  severity: 'success' | 'info' | 'warn' | 'error';
  summary: string;
  detail: string;
  life: number;
}

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();
const clearers = new Set<() => void>();

/** Toast duration of the spec (8 s) unless a screen asks for another. */
const TOAST_LIFE = 8000;

/** Notices given before the shell shows them (a page's loader on the app's first navigation): shown when it does. */
const waiting: Notice[] = [];

export function notify(notice: Omit<Notice, 'life'> & { life?: number }): void {
  const full = { life: TOAST_LIFE, ...notice };
  if (listeners.size === 0) waiting.push(full);
  for (const listener of listeners) listener(full);
}

/** Takes every toast down (what they said no longer holds: a lost session once logged in again). */
export function clearNotices(): void {
  waiting.length = 0;
  for (const clear of clearers) clear();
}

/** Shows each notice with `listener`; `onClear` takes them all down on `clearNotices`. */
export function subscribeNotices(listener: Listener, onClear?: () => void): () => void {
  listeners.add(listener);
  if (onClear) clearers.add(onClear);
  for (const notice of waiting.splice(0)) listener(notice);
  return () => {
    listeners.delete(listener);
    if (onClear) clearers.delete(onClear);
  };
}
