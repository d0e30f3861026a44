/**
 * Where to go after logging in, kept in the tab's session storage (the login page's address stays
 * `/auth/login`): the page the user was sent away from, and whether that was a lost session.
 */

/** Paths only a logged-out visitor may see (the login page). */
export const isGuestPath = (pathname: string) => pathname.startsWith('/auth/');

const KEY = 'admin.returnPath';

interface ReturnPath {
  path: string;
  /** The session was lost on that page (a 401), rather than the page opened logged out. */
  expired: boolean;
}

/** Remembers the page (path and query) to come back to once logged in again. */
export function rememberReturnPath(path: string, expired: boolean): void {
  if (!isAppPath(path) || path === '/') return;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ path, expired } satisfies ReturnPath));
  } catch {
    // Storage refused: login goes home, as without it.
  }
}

/** The remembered way back, if any (not forgotten: the login page reads it on every render). */
export function pendingReturn(): ReturnPath | undefined {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as ReturnPath | null;
    return parsed && typeof parsed.path === 'string' && isAppPath(parsed.path) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Where to go now that the user is logged in: the remembered page (then forgotten), or home. */
export function takeReturnPath(): string {
  const path = pendingReturn()?.path ?? '/';
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
  return path;
}

/** A path of this app: never another site (`//host`, `/\host`), never the login page itself. */
function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !isGuestPath(path);
}
