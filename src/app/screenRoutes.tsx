import type { LoaderFunction, RouteObject } from 'react-router-dom';
import { preloadable } from '../engine/deferred';
import { routeRecordId } from '../engine/resource/paths';
import { prefetchRecord } from '../engine/resource/prefetchRecord';
import type { ComponentType } from 'react';
import type { ScreenDefinition } from '../../common/screenDefinition';
import type { ScreenManifestEntry } from '../../common/screenManifest';
import { screenManifest, screenOf, useScreen } from '../engine/resource/definitions';
import { loadFormCode } from './formCode';
import { bespokeFormOf } from './bespokeForms';
import { queryClient } from './queryClient';
import { redirect } from 'react-router-dom';
import i18n from '../i18n';
import { notify } from '../engine/notify/notifications';
import { screenAccess } from '../engine/access/screenAccess';
import { missingScreenAction } from '../engine/access/missingWords';
import { adminOfNavigation } from './guard';

/** The list pages' code (the table, the filters): its own chunk, loaded by the first list opened or once the first page has settled. */
const loadListScreen = preloadable(() => import('../engine/resource/ResourceListScreen'));

/** The generic form page's code (RJSF and the engine's form): its own chunk, loaded by the first form opened. */
const loadFormScreen = preloadable(() => import('../engine/resource/ResourceFormScreen'));

/**
 * A form page's loader: starts loading its record, and waits for the code of the widgets its form
 * names (at once once loaded), so no field of the form appears after the others.
 */
function formLoader(resource: string, api: string, recordParams?: Record<string, unknown>): LoaderFunction {
  const prefetch = prefetchRecord(queryClient, api, recordParams);
  return async (args) => {
    await Promise.all([prefetch(args), loadFormCode(() => screenOf(resource).form?.uiSchema)]);
    return null;
  };
}

/**
 * Sends the reader home (SPEC §6's 403) with a toast saying what is missing when their roles do not
 * let them open the page (docs/permissions.md): the server would refuse what it shows.
 */
async function demandAccess(screen: ScreenManifestEntry, request: Request, action: 'list' | 'read' | 'create'): Promise<void> {
  const admin = await adminOfNavigation(request);
  if (!admin || screenAccess(screen, admin.permissions)[action]) return;
  const label = screenOf(screen.resource).menu?.label ?? screenOf(screen.resource).title;
  notify({ severity: 'error', summary: i18n.t('errors.forbidden'), detail: missingScreenAction(action, label) });
  throw redirect('/');
}

/** A list page's loader: the reader's roles must let them list its records. */
function listLoader(screen: ScreenManifestEntry): LoaderFunction {
  return async ({ request }) => {
    await demandAccess(screen, request, 'list');
    return null;
  };
}

/**
 * A form page's loader that first refuses a page the screen's permissions do not allow: its create
 * page (no id, or `new`) without `create` (the not-found page); then one the reader's roles do not
 * let them open (home, with what is missing).
 */
function allowedOnly(screen: ScreenManifestEntry, loader: LoaderFunction): LoaderFunction {
  return async (args) => {
    const creating = routeRecordId(args.params.id) === undefined;
    if (creating && !screen.permissions.create) throw new Response(null, { status: 404, statusText: 'Not Found' });
    await demandAccess(screen, args.request, creating ? 'create' : 'read');
    return loader(args);
  };
}

/** A list page with the screen in use (a newer version received renders it again). */
function ListPage({ resource, Screen }: { resource: string; Screen: ComponentType<{ screen: ScreenDefinition }> }) {
  const screen = useScreen(resource);
  return <Screen key={resource} screen={screen} />;
}

/** A form page with the screen in use. */
function FormPage({ resource, Screen }: { resource: string; Screen: ComponentType<{ screen: ScreenDefinition }> }) {
  const screen = useScreen(resource);
  return <Screen key={resource} screen={screen} />;
}

/** The form page of a screen: the engine's form, or the bespoke screen its `form.bespoke` asks for (src/app/bespokeForms.ts). */
function formRoute(screen: ScreenManifestEntry, path: string, id: string): RouteObject {
  if (!screen.form?.bespoke) {
    return {
      path,
      id,
      loader: allowedOnly(screen, formLoader(screen.resource, screen.api)),
      lazy: async () => {
        const { ResourceFormScreen } = await loadFormScreen();
        return { element: <FormPage resource={screen.resource} Screen={ResourceFormScreen} /> };
      },
    };
  }
  const bespoke = bespokeFormOf(screen.resource);
  return {
    path,
    id,
    loader: allowedOnly(screen, formLoader(screen.resource, screen.api, bespoke.recordParams)),
    lazy: async () => ({ Component: await bespoke.load() }),
  };
}

/**
 * Routes of the screens: a list page and, when declared, a form page each. Their paths are the
 * screens' fixed facts (`virtual:screen-manifest`); what the pages show is the screen in use.
 */
export const screenRoutes: RouteObject[] = screenManifest.flatMap((screen) => [
  {
    path: screen.routes.list.path.slice(1),
    id: screen.routes.list.name,
    loader: listLoader(screen),
    lazy: async () => {
      const { ResourceListScreen } = await loadListScreen();
      return { element: <ListPage resource={screen.resource} Screen={ResourceListScreen} /> };
    },
  },
  ...(screen.routes.form && screen.form ? [formRoute(screen, screen.routes.form.path.slice(1), screen.routes.form.name)] : []),
]);
