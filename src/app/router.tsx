import { createBrowserRouter, redirect } from 'react-router-dom';
import { DefaultLayout } from '../layout/DefaultLayout';
import { EmptyLayout } from '../layout/EmptyLayout';
import { FullScreenLoader } from '../layout/FullScreenLoader';
import { RouteError } from '../layout/RouteError';
import { LoginScreen } from '../screens/login/LoginScreen';
import { NotFoundScreen } from '../screens/NotFoundScreen';
import { preloadDeferred } from '../engine/deferred';
import { loadFormCode } from './formCode';
import { AI_COMPARISON_ROUTE_NAME, AI_COMPARISON_ROUTE_PATH, LIST_PATH } from '../screens/readingSheet/sheetRoute';
import { dashboardCalls, DASHBOARD_PATH, DASHBOARD_ROUTE_NAME } from '../screens/dashboard/dashboardCalls';
import { queryKeys } from '../engine/api/queryKeys';
import { STUDIO_PATH, STUDIO_ROUTE_NAME, STUDIO_SCREEN_ROUTE_NAME } from '../screens/studio/studioRoute';
import { ACTIVITY_PATH, ACTIVITY_ROUTE_NAME } from '../screens/activity/activityRoute';
import { recordPathOf } from './recordRoutes';
import { adminOfNavigation, bespokeLoader, guardLoader } from './guard';
import { screenAccess } from '../engine/access/screenAccess';
import { screenManifest } from '../engine/resource/definitions';
import { queryClient } from './queryClient';
import { Root } from './Root';
import { screenRoutes } from './screenRoutes';

/** The list home opens (SPEC §2: the reading sheets'). */
const HOME_LIST = screenManifest.find((screen) => screen.routes.list.path === LIST_PATH)!;

/** History-mode routes of SPEC §2; the guard runs before every navigation. */
export const router = createBrowserRouter([
  {
    id: 'root',
    loader: guardLoader,
    shouldRevalidate: () => true,
    HydrateFallback: FullScreenLoader,
    errorElement: <RouteError />,
    element: <Root />,
    children: [
      {
        element: <EmptyLayout />,
        children: [
          { path: 'auth/login', id: 'auth-login', element: <LoginScreen /> },
          // The page of a mailed link to set one's password (an administrator restored without one): its own chunk.
          {
            path: 'auth/set-password',
            id: 'auth-set-password',
            lazy: async () => ({ Component: (await import('../screens/login/SetPasswordScreen')).SetPasswordScreen }),
          },
        ],
      },
      {
        element: <DefaultLayout />,
        children: [
          {
            // A page that fails (its code not loaded, an error while rendering) says so inside the layout.
            errorElement: <RouteError />,
            children: [
              // Redirected before it renders; `element: null` says it renders nothing (no router warning).
              // Home is the reading sheets' list; for a reader whose roles do not list them, the dashboard.
              {
                index: true,
                id: 'home',
                loader: async ({ request }) => {
                  const admin = await adminOfNavigation(request);
                  return redirect(admin && !screenAccess(HOME_LIST, admin.permissions).list ? DASHBOARD_PATH : LIST_PATH);
                },
                element: null,
              },
              // The dashboard (bespoke, its own chunk; its charts another).
              {
                path: DASHBOARD_PATH.slice(1),
                id: DASHBOARD_ROUTE_NAME,
                // Its figures and lists with its code: the side panel's lists do not push the next one down as they arrive.
                // A failure is the page's to say (its query tries again and shows the error).
                loader: () =>
                  queryClient.ensureQueryData({ queryKey: queryKeys.dashboard('data'), queryFn: ({ signal }) => dashboardCalls.data(signal) }).then(
                    () => null,
                    () => null,
                  ),
                lazy: async () => {
                  const { DashboardScreen, loadDashboardCode } = await import('../screens/dashboard/DashboardScreen');
                  await loadDashboardCode();
                  return { Component: DashboardScreen };
                },
              },
              // The screen studio (administrators change screens at run time): its own chunks, loaded when opened.
              {
                path: STUDIO_PATH.slice(1),
                id: STUDIO_ROUTE_NAME,
                loader: bespokeLoader(STUDIO_PATH, 'studio.edit'),
                lazy: async () => ({ Component: (await import('../screens/studio/StudioListScreen')).StudioListScreen }),
              },
              {
                path: `${STUDIO_PATH.slice(1)}/:name`,
                id: STUDIO_SCREEN_ROUTE_NAME,
                // The studio's preview shows any screen's widgets: all of their code.
                loader: async (args) => {
                  await bespokeLoader(STUDIO_PATH, 'studio.edit')(args);
                  return Promise.all([loadFormCode(() => undefined), preloadDeferred()]).then(() => null);
                },
                lazy: async () => ({ Component: (await import('../screens/studio/StudioScreen')).StudioScreen }),
              },
              // Every record's changes (Settings › Activity): its own chunk, loaded when opened; the app hands it the records' pages.
              {
                path: ACTIVITY_PATH.slice(1),
                id: ACTIVITY_ROUTE_NAME,
                loader: bespokeLoader(ACTIVITY_PATH, 'activity'),
                lazy: async () => {
                  const { ActivityScreen } = await import('../screens/activity/ActivityScreen');
                  return { element: <ActivityScreen recordPath={recordPathOf} /> };
                },
              },
              // The AI comparison of a sheet: its own chunk, loaded when opened.
              {
                path: AI_COMPARISON_ROUTE_PATH,
                id: AI_COMPARISON_ROUTE_NAME,
                lazy: async () => ({ Component: (await import('../screens/readingSheet/aiComparison/AiComparisonScreen')).AiComparisonScreen }),
              },
              ...screenRoutes,
              { path: '*', element: <NotFoundScreen /> },
            ],
          },
        ],
      },
    ],
  },
]);
