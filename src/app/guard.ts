import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { isLoggedOut } from '../engine/api/apiClient';
import { queryKeys } from '../engine/api/queryKeys';
import { fetchCurrentAdmin } from '../engine/api/session';
import { sessionResumed } from '../engine/session/keptChanges';
import { isGuestPath, rememberReturnPath } from '../engine/session/returnPath';
import { queryClient } from './queryClient';

/**
 * Navigation guard (root loader, run on every navigation): refresh the current administrator (not
 * on the way to the login page just after a logout here: there is none), send guests to login
 * (with the page asked for, to come back to it) and logged-in users home from guest pages; the
 * app is ready after it.
 */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const { pathname, search } = new URL(request.url);
  // Just logged out here, on the way to the login page: no one to ask about (the answer would be a 401).
  const admin = isLoggedOut() && isGuestPath(pathname) ? null : await fetchCurrentAdmin();
  queryClient.setQueryData(queryKeys.me, admin);
  if (admin) sessionResumed();
  if (!admin && !isGuestPath(pathname)) {
    rememberReturnPath(pathname + search, false);
    throw redirect('/auth/login');
  }
  if (admin && isGuestPath(pathname)) throw redirect('/');
  return admin;
}
