import { sendEarly, toSearchParams } from '../engine/api/apiClient';
import { recordPath } from '../engine/api/resourceApi';
import { NO_SCREENS, SCREENS_STAMP_HEADER } from '../../common/screensInUse';
import { recordOfPath } from './recordRoutes';

/**
 * The app's first module (main.tsx imports it before anything else): sends the session check and,
 * on an edit page, the record's request as soon as the script has loaded, while the rest of the
 * app's modules are still being evaluated (≈ 100 ms on a cold load). The first navigation's guard
 * and route loader make the same calls through the data client, which hands them these answers
 * (docs/decisions.md, 'Opening a page cold').
 */
function startEarlyRequests(pathname: string): void {
  const record = recordOfPath(pathname);
  // With the query the screen's own call sends (`?lang=en`), so that call takes this answer.
  const query = record?.params ? `?${toSearchParams(record.params).toString()}` : '';
  // The page holds no screen yet: the session check's answer brings them (src/engine/api/session.ts).
  sendEarly(record ? ['me', recordPath(record.api, record.id) + query] : ['me'], { [SCREENS_STAMP_HEADER]: NO_SCREENS });
}

startEarlyRequests(window.location.pathname);
