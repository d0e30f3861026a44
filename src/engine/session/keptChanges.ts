/**
 * Unsaved changes kept across a lost session: when the API answers 401, every form with unsaved
 * changes writes them to the tab's session storage, under its page's path (route and record), and
 * the page offers them back once the user has logged in again and returned to it.
 *
 * Session storage, not local storage: the changes stay in the tab they were made in and go with it,
 * and another administrator logging in on the same computer later never sees them.
 */

/** What a page keeps: its form's data as the page restores it, and whether chosen files were left out. */
export interface KeptChanges {
  value: unknown;
  /** Files chosen for upload cannot be stored: the notice asks to choose them again. */
  filesLeftOut: boolean;
  /** When they were kept (ms since the epoch). */
  keptAt: number;
}

const PREFIX = 'admin.keptChanges:';

/** Gives the page's unsaved changes (and whether new files were chosen), or undefined when it has none. */
export type Keeper = () => { value: unknown; newFiles?: boolean } | undefined;

const keepers = new Map<symbol, { path: string; keep: Keeper }>();

/** Registers a page's keeper while it has unsaved changes; returns its removal. */
export function registerKeeper(path: string, keep: Keeper): () => void {
  const token = Symbol(path);
  keepers.set(token, { path, keep });
  return () => keepers.delete(token);
}

let sessionLost = false;

/** The session was lost and the user is on the way to logging in again (set by `keepUnsavedChanges`). */
export function isSessionLost(): boolean {
  return sessionLost;
}

/**
 * Logged out on purpose: the calls still answering on the way to the login page (a list, the
 * header's settings) get 401, which is no news to anyone, so they say nothing.
 */
export function sessionEnded(): void {
  sessionLost = true;
}

/** Whether a page holds unsaved changes (one of its registered keepers has some). */
export function hasUnsavedChanges(): boolean {
  for (const { keep } of keepers.values()) if (keep()) return true;
  return false;
}

/** Logged in again: the next 401 is a new loss. */
export function sessionResumed(): void {
  sessionLost = false;
}

/**
 * The session is lost (the API answered 401): writes the unsaved changes of every registered page
 * to session storage. Returns false when it was already lost (a later 401 of the same loss).
 */
export function keepUnsavedChanges(): boolean {
  if (sessionLost) return false;
  sessionLost = true;
  for (const { path, keep } of keepers.values()) {
    const kept = keep();
    if (kept) writeKept(path, kept.value, kept.newFiles ?? false);
  }
  return true;
}

/** The changes kept for this page's path, if any (unreadable ones are dropped). */
export function keptChangesOf(path: string): KeptChanges | undefined {
  const text = storage()?.getItem(PREFIX + path);
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as KeptChanges;
    if (parsed && typeof parsed === 'object' && 'value' in parsed) return parsed;
  } catch {
    // Written by another version of the app: not offered.
  }
  dropKeptChanges(path);
  return undefined;
}

/** Forgets the changes kept for this path (restored or discarded). */
export function dropKeptChanges(path: string): void {
  storage()?.removeItem(PREFIX + path);
}

function writeKept(path: string, value: unknown, newFiles: boolean): void {
  let filesLeftOut = newFiles;
  // Files (and any Blob) cannot be written as text: they are left out, and the notice says so.
  const text = JSON.stringify({ value, keptAt: Date.now() }, (_key, item: unknown) => {
    if (typeof Blob !== 'undefined' && item instanceof Blob) {
      filesLeftOut = true;
      return undefined;
    }
    return item;
  });
  const parsed = JSON.parse(text) as Omit<KeptChanges, 'filesLeftOut'>;
  try {
    storage()?.setItem(PREFIX + path, JSON.stringify({ ...parsed, filesLeftOut }));
  } catch {
    // Storage full or refused (private mode): nothing more can be kept; the page asked nothing more.
  }
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
