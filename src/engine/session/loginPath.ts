/** Paths only a logged-out visitor may see (the login page). */
export const isGuestPath = (pathname: string) => pathname.startsWith('/auth/');

/** The login page, coming back to `from` (a page of the app) once logged in. */
export function loginPath(from: string, expired = false): string {
  const params = new URLSearchParams();
  if (from !== '/' && !isGuestPath(from)) params.set('next', from);
  if (expired) params.set('expired', '1');
  const query = params.toString();
  return `/auth/login${query ? `?${query}` : ''}`;
}

/**
 * Where to go once logged in: the `next` page when it is a path of this app (never another site:
 * `//host` and `/\\host` are refused), home otherwise.
 */
export function returnPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || isGuestPath(next)) return '/';
  return next;
}
