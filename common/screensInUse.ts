import type { Messages } from './i18nResources.js';
import type { ScreenDefinition } from './screenDefinition.js';

/** The header of the session check: the stamp of the screens the page holds, or `NO_SCREENS`. */
export const SCREENS_STAMP_HEADER = 'x-screens-stamp';
export const NO_SCREENS = 'none';
/** The header of a save: the version of the screen definition its form was made with. */
export const SCREEN_VERSION_HEADER = 'x-screen-version';

/**
 * The screens the interface renders, as the server has them in use (built-in files or their
 * published versions, docs/screens-at-run-time.md): sent with the session check's answer when the
 * page's copy is older than the server's.
 */
export interface ScreensInUse {
  /** Changes with every publish; the page sends back the one it holds (`X-Screens-Stamp`). */
  stamp: number;
  /** Locales expanded, as the engine renders them. */
  definitions: ScreenDefinition[];
  /** Each screen's version, sent back with its saves (`X-Screen-Version`). */
  versions: Record<string, number>;
  /** Published labels by i18n namespace (`screens.genres`); the files' texts elsewhere. */
  labels: Record<string, Messages>;
  /** The URL of the validators module of these definitions' forms. */
  validators: string;
}
