import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { queryKeys } from '../engine/api/queryKeys';
import { fetchCurrentAdmin } from '../engine/api/session';
import { sessionResumed } from '../engine/session/keptChanges';
import { isGuestPath, rememberReturnPath } from '../engine/session/returnPath';
import { queryClient } from './queryClient';

/**
 * Navigation guard (root loader, run on every navigation): refresh the current administrator,
 * send guests to login (with the page asked for, to come back to it) and logged-in users home from
 * guest pages; the app is ready after it.
 */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const admin = await fetchCurrentAdmin();
  queryClient.setQueryData(queryKeys.me, admin);
  const { pathname, search } = new URL(request.url);
  if (admin) sessionResumed();
  if (!admin && !isGuestPath(pathname)) {
    rememberReturnPath(pathname + search, false);
    throw redirect('/auth/login');
  }
  if (admin && isGuestPath(pathname)) throw redirect('/');
  return admin;
}
