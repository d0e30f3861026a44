import type { Plugin } from 'vite';
import { manifestEntryOf } from '../common/screenManifest';
import { loadScreens, SCREENS_DIR } from '../server/definitions/loadScreens';

const ID = 'virtual:screen-manifest';

/**
 * Serves `virtual:screen-manifest` (src/engine/resource/definitions.ts): the fixed facts of each
 * screen (common/screenManifest.ts), not its definition, which the interface receives at run time.
 */
export function screenManifest(): Plugin {
  return {
    name: 'screen-manifest',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) => (id === `\0${ID}` ? `export const SCREEN_MANIFEST = ${JSON.stringify([...loadScreens().values()].map(manifestEntryOf))};\n` : undefined),
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(SCREENS_DIR)) return;
      const module = server.moduleGraph.getModuleById(`\0${ID}`);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}
