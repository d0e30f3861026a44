import { clearNotices } from '../notify/notifications';
import { sessionEnded, sessionResumed } from '../session/keptChanges';
import { NO_SCREENS, SCREENS_STAMP_HEADER } from '../../../common/screensInUse';
import { screensAsked, screensStamp, type ScreensInUse } from '../resource/definitions';
import { receiveScreens } from '../resource/receiveScreens';
import { call } from './apiClient';

/** The logged-in administrator as `GET admin/me` returns it. */
export interface CurrentAdmin {
  id: number;
  firstname: string;
  lastname: string;
  name: string;
  email: string;
}


/**
 * The current administrator, or null when logged out (never toasts: it runs on every navigation).
 * The answer brings the screens in use when the page's copy is older than the server's (it sends
 * the stamp of its copy): a screen published meanwhile is rendered from this navigation on.
 */
export async function fetchCurrentAdmin(): Promise<CurrentAdmin | null> {
  try {
    const headers = { [SCREENS_STAMP_HEADER]: String(screensStamp() ?? NO_SCREENS) };
    const request = call<{ data: CurrentAdmin; screens?: ScreensInUse }>('get', 'me', { quiet: true, headers }).then((answer) => {
      if (answer.screens) receiveScreens(answer.screens);
      return answer;
    });
    screensAsked(request);
    const { data } = await request;
    return data && Object.keys(data).length > 0 ? data : null;
  } catch {
    return null;
  }
}

/**
 * Logs in; the next 401 is then a new lost session (said again, changes kept again), and the toasts
 * of the one before ('Unauthenticated.') are taken down: they no longer hold.
 */
export async function login(email: string, password: string): Promise<{ data: CurrentAdmin }> {
  const answer = await call<{ data: CurrentAdmin }>('post', 'auth/login', { json: { email, password }, silentSuccess: true });
  sessionResumed();
  clearNotices();
  return answer;
}

/**
 * Logs out. From then on a 401 is expected, not a lost session: the calls of the page being left
 * show no error toast (SPEC §4: logout success goes to the login page, and nothing else).
 */
export async function logout(): Promise<void> {
  try {
    await call('post', 'auth/logout', { silentSuccess: true });
  } finally {
    sessionEnded();
  }
}
