import { clearNotices } from '../notify/notifications';
import { sessionEnded, sessionResumed } from '../session/keptChanges';
import { NO_SCREENS, SCREENS_STAMP_HEADER } from '../../../common/screensInUse';
import { screensAsked, screensStamp, type ScreensInUse } from '../resource/definitions';
import { receiveScreens } from '../resource/receiveScreens';
import type { QueryClient } from '@tanstack/react-query';
import type { EffectivePermissions } from '../../../common/permissions';
import { call, closeSessionCalls, openSessionCalls } from './apiClient';

/** The logged-in administrator as `GET admin/me` returns it. */
export interface CurrentAdmin {
  id: number;
  firstname: string;
  lastname: string;
  name: string;
  email: string;
  /** What they may do, all their roles together (docs/permissions.md); the interface mirrors it. */
  permissions: EffectivePermissions;
}

/**
 * The current administrator, or null when logged out (never toasts: it runs on every navigation).
 * The answer brings the screens in use when the page's copy is older than the server's (it sends
 * the stamp of its copy): a screen published meanwhile is rendered from this navigation on.
 */
export async function fetchCurrentAdmin(): Promise<CurrentAdmin | null> {
  try {
    const headers = { [SCREENS_STAMP_HEADER]: String(screensStamp() ?? NO_SCREENS) };
    const request = call<{ data: CurrentAdmin; screens?: ScreensInUse }>('get', 'me', { quiet: true, headers, outsideSession: true }).then((answer) => {
      if (answer.screens) receiveScreens(answer.screens);
      return answer;
    });
    screensAsked(request);
    const { data } = await request;
    if (!data || Object.keys(data).length === 0) return null;
    // Logged in (here, or in another tab since a logout here): the session's calls go again.
    openSessionCalls();
    return data;
  } catch {
    return null;
  }
}

/**
 * Logs in; the next 401 is then a new lost session (said again, changes kept again), and the toasts
 * of the one before ('Unauthenticated.') are taken down: they no longer hold.
 */
export async function login(email: string, password: string): Promise<{ data: CurrentAdmin }> {
  const answer = await call<{ data: CurrentAdmin }>('post', 'auth/login', { json: { email, password }, silentSuccess: true, outsideSession: true });
  openSessionCalls();
  sessionResumed();
  clearNotices();
  return answer;
}

/**
 * Logs out (SPEC §4: logout success goes to the login page, and nothing else). First every call of
 * the session still in flight is cancelled, the queries of `queries` with them (back to what they
 * held, no error), and no other is sent until the next login: none can fail with 401 once the
 * session is gone. A 401 is expected from then on, not a lost session: nothing toasts.
 */
export async function logout(queries?: QueryClient): Promise<void> {
  sessionEnded();
  closeSessionCalls();
  await queries?.cancelQueries();
  await call('post', 'auth/logout', { silentSuccess: true, outsideSession: true });
}
