import { sendEarly } from '../engine/api/apiClient';
import { recordQuery } from '../engine/api/recordQuery';
import { recordPath } from '../engine/api/resourceApi';
import { startSessionCheck } from '../engine/api/session';
import { queryClient } from './queryClient';
import { recordOfPath } from './recordRoutes';

/**
 * The app's first module (main.tsx imports it before anything else): starts the session check
 * and, on an edit page, the record's request as soon as the script has loaded, while the rest of
 * the app's modules are still being evaluated (≈ 100 ms on a cold load). The first navigation's
 * guard and route loader then find them in flight instead of starting them (docs/decisions.md,
 * 'Opening edit pages').
 */
export function startEarlyRequests(pathname: string): void {
  const record = recordOfPath(pathname);
  // The calls below would reach the network only after every module has run: the requests leave now.
  sendEarly(record ? ['me', recordPath(record.api, record.id)] : ['me']);
  startSessionCheck();
  if (record) void queryClient.prefetchQuery(recordQuery(record.api, record.id));
}

startEarlyRequests(window.location.pathname);
