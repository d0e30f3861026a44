/** The screens' fixed facts, written by the build (scripts/screenManifest.ts). */
declare module 'virtual:screen-manifest' {
  import type { ScreenManifestEntry } from '../../../common/screenManifest';
  export const SCREEN_MANIFEST: readonly ScreenManifestEntry[];
}
