import type { RouteObject } from 'react-router-dom';
import { ResourceFormScreen } from '../engine/screens/ResourceFormScreen';
import { prefetchRecord } from '../engine/screens/prefetchRecord';
import { ResourceListScreen } from '../engine/screens/ResourceListScreen';
import { screens } from '../engine/screens/screens';
import { queryClient } from './queryClient';

/** Routes generated from the screen definitions: a list page and, when declared, a form page each. */
export const screenRoutes: RouteObject[] = screens.flatMap((screen) => [
  { path: screen.routes.list.path.slice(1), id: screen.routes.list.name, element: <ResourceListScreen key={screen.resource} screen={screen} /> },
  ...(screen.routes.form && screen.form
    ? [{ path: screen.routes.form.path.slice(1), id: screen.routes.form.name, loader: prefetchRecord(queryClient, screen.api), element: <ResourceFormScreen key={screen.resource} screen={screen} /> }]
    : []),
]);
