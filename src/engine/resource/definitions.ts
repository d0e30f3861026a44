import { useSyncExternalStore } from 'react';
import { SCREEN_MANIFEST } from 'virtual:screen-manifest';
import type { ScreensInUse } from '../../../common/screensInUse';
import type { ScreenDefinition } from '../../../common/screenDefinition';
import type { ScreenManifestEntry } from '../../../common/screenManifest';

/**
 * The screens the interface renders, as the server has them in use (common/screensInUse.ts):
 * nothing here is bundled but the screens' fixed facts (`virtual:screen-manifest`: routes, API,
 * permissions), which the router needs before the first answer.
 */
export type { ScreensInUse } from '../../../common/screensInUse';

let inUse: ScreensInUse | undefined;
let byResource = new Map<string, ScreenDefinition>();
/** The same array until newer screens arrive, so what derives from it (the menu) is computed once. */
let screensList: ScreenDefinition[] = [];
const listeners = new Set<() => void>();

let asked: Promise<unknown> = Promise.resolve();

/**
 * The navigation guard's request for the current administrator (and the screens in use) is on its
 * way: the loaders of the same navigation, which run beside the guard's, wait for it before they
 * read the screens (`screensAnswered`).
 */
export function screensAsked(request: Promise<unknown>): void {
  asked = request.catch(() => undefined);
}

/** Resolves once the guard's last request is answered, so the screens in hand are the newest. */
export async function screensAnswered(): Promise<void> {
  await asked;
}

/** Takes the screens the server sent; the pages showing one render again with it. */
export function setScreensInUse(next: ScreensInUse): void {
  inUse = next;
  byResource = new Map(next.definitions.map((screen) => [screen.resource, screen]));
  screensList = [...byResource.values()];
  for (const listener of listeners) listener();
}

/** The stamp of the screens in hand (sent as `X-Screens-Stamp`), or undefined before the first. */
export function screensStamp(): number | undefined {
  return inUse?.stamp;
}

/** The screens in hand (empty before the guard's first answer). */
export function screensInUse(): ScreensInUse | undefined {
  return inUse;
}

/** The version of a screen in hand, sent with its saves (`X-Screen-Version`). */
export function screenVersion(resource: string): number | undefined {
  return inUse?.versions[resource];
}

/** The screen of a resource as in use; throws when none is (a typo in code, or read before the guard ran). */
export function screenOf(resource: string): ScreenDefinition {
  const screen = byResource.get(resource);
  if (!screen) throw new Error(`No screen definition for "${resource}" in use: the guard's answer brings them (schemas/${resource}.screen.json)`);
  return screen;
}

/** Every screen in use, by resource order. */
export function allScreens(): ScreenDefinition[] {
  return screensList;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The screen of a resource, rendering again when a newer version arrives. */
export function useScreen(resource: string): ScreenDefinition {
  useSyncExternalStore(subscribe, () => byResource.get(resource));
  return screenOf(resource);
}

/** Every screen in use, rendering again when newer versions arrive (the menu). */
export function useScreens(): ScreenDefinition[] {
  return useSyncExternalStore(subscribe, () => screensList);
}

/** The fixed facts of every screen (routes, API, permissions), known from the start. */
export const screenManifest: readonly ScreenManifestEntry[] = SCREEN_MANIFEST;

/** A screen's fixed facts; throws on a resource no definition declares (a typo in code). */
export function manifestOf(resource: string): ScreenManifestEntry {
  const entry = SCREEN_MANIFEST.find((screen) => screen.resource === resource);
  if (!entry) throw new Error(`No screen definition for "${resource}" in schemas/`);
  return entry;
}

/**
 * The path pattern of the route a screen definition names `name` (`readingSheets-save` →
 * `/reading-sheet/:id?`), list or form; throws when no definition declares it. The server's check
 * refuses such a name in a definition (server/definitions/checkDefinitions.ts), so this throws only on a typo in code.
 */
export function routePathByName(name: string): string {
  const route = SCREEN_MANIFEST.flatMap((s) => [s.routes.list, ...(s.routes.form ? [s.routes.form] : [])]).find((r) => r.name === name);
  if (!route) throw new Error(`No screen definition in schemas/ declares the route "${name}"`);
  return route.path;
}
