import type { ScreenDefinition } from './screenDefinition.js';

/**
 * What the interface knows of a screen before it has its definition: the facts a published version
 * cannot change (server/screens/screenService.ts), which the router and the first module need
 * when the app starts: where its pages are, the API they call, what they allow, whether its form
 * is a bespoke screen. Everything else (lists, forms, labels, menu) arrives at run time with the
 * current-user answer.
 */
export interface ScreenManifestEntry {
  resource: string;
  api: string;
  routes: ScreenDefinition['routes'];
  permissions: ScreenDefinition['permissions'];
  /** The screen has a form page, and whether a bespoke screen renders it. */
  form: { bespoke: boolean } | null;
}

/** A screen's manifest entry, from its definition. */
export function manifestEntryOf(screen: ScreenDefinition): ScreenManifestEntry {
  return {
    resource: screen.resource,
    api: screen.api,
    routes: screen.routes,
    permissions: screen.permissions,
    form: screen.form ? { bespoke: Boolean(screen.form.bespoke) } : null,
  };
}
