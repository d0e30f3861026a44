import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { isLoggedOut } from '../engine/api/apiClient';
import { queryKeys } from '../engine/api/queryKeys';
import { fetchCurrentAdmin, type CurrentAdmin } from '../engine/api/session';
import { sessionResumed } from '../engine/session/keptChanges';
import { isGuestPath, rememberReturnPath } from '../engine/session/returnPath';
import { queryClient } from './queryClient';
import i18n from '../i18n';
import type { SystemPermission } from '../../common/permissions';
import { notify } from '../engine/notify/notifications';
import { missingSystem } from '../engine/access/missingWords';
import { bespokeOpen } from '../layout/menu';

/** The administrator of each navigation, asked once for all its loaders (the guard's and the pages' own). */
const navigations = new WeakMap<Request, Promise<CurrentAdmin | null>>();

/**
 * The administrator as this navigation found them (one `GET admin/me` for all its loaders, run at
 * once): what a page's loader checks its reader's permissions against.
 */
export function adminOfNavigation(request: Request): Promise<CurrentAdmin | null> {
  let admin = navigations.get(request);
  if (!admin) {
    const { pathname } = new URL(request.url);
    // Just logged out here, on the way to the login page: no one to ask about (the answer would be a 401).
    admin = isLoggedOut() && isGuestPath(pathname) ? Promise.resolve(null) : fetchCurrentAdmin();
    navigations.set(request, admin);
  }
  return admin;
}

/**
 * Navigation guard (root loader, run on every navigation): refresh the current administrator (not
 * on the way to the login page just after a logout here: there is none), send guests to login
 * (with the page asked for, to come back to it) and logged-in users home from guest pages; the
 * app is ready after it.
 */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const { pathname, search } = new URL(request.url);
  const admin = await adminOfNavigation(request);
  queryClient.setQueryData(queryKeys.me, admin);
  if (admin) sessionResumed();
  if (!admin && !isGuestPath(pathname)) {
    rememberReturnPath(pathname + search, false);
    throw redirect('/auth/login');
  }
  if (admin && isGuestPath(pathname)) throw redirect('/');
  return admin;
}

/**
 * A bespoke page's loader (the studio, the activity): a reader whose roles do not open it is sent
 * home with what is missing (`need`, the permission the toast names).
 */
export function bespokeLoader(path: string, need: SystemPermission) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const admin = await adminOfNavigation(request);
    if (admin && !bespokeOpen(path, admin.permissions)) {
      notify({ severity: 'error', summary: i18n.t('errors.forbidden'), detail: missingSystem(need) });
      throw redirect('/');
    }
    return null;
  };
}
