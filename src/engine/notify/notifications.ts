/** A toast request; the shell's <Notifications/> shows it with PrimeReact's Toast. */
export interface Notice {
  severity: 'success' | 'info' | 'warn' | 'error';
  summary: string;
  detail: string;
  life: number;
}

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();

/** Toast duration of the spec (8 s) unless a screen asks for another. */
export const TOAST_LIFE = 8000;

export function notify(notice: Omit<Notice, 'life'> & { life?: number }): void {
  const full = { life: TOAST_LIFE, ...notice };
  for (const listener of listeners) listener(full);
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
