import type { Messages } from '../../../common/i18nResources';
import i18n, { resources } from '../../i18n';
import { setScreensInUse, type ScreensInUse } from './definitions';

/** The namespaces whose texts are published labels now, to give back the files' texts when that ends. */
let labelled = new Set<string>();

/** The files' texts of a namespace (`screens.genres`), as the build bundled them. */
function builtInTexts(namespace: string): Messages | undefined {
  let node: Messages | string | undefined = resources.en?.translation;
  for (const key of namespace.split('.')) node = typeof node === 'object' ? node[key] : undefined;
  return typeof node === 'object' ? node : undefined;
}

/** Puts a namespace's texts in place of what i18next has for it. */
function replaceTexts(namespace: string, texts: Messages): void {
  const nested = namespace
    .split('.')
    .reverse()
    .reduce<Messages>((inner, key) => ({ [key]: inner }), texts);
  i18n.addResourceBundle('en', 'translation', nested, true, true);
}

/**
 * Takes the screens the current-user answer brought: the definitions the pages render, and the
 * published labels in place of the files' texts (the texts of a screen reset to its file come back).
 */
export function receiveScreens(screens: ScreensInUse): void {
  const next = new Set(Object.keys(screens.labels));
  for (const namespace of labelled) {
    const texts = builtInTexts(namespace);
    if (!next.has(namespace) && texts) replaceTexts(namespace, texts);
  }
  for (const [namespace, texts] of Object.entries(screens.labels)) replaceTexts(namespace, { ...builtInTexts(namespace), ...texts });
  labelled = next;
  setScreensInUse(screens);
}
