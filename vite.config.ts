import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { validateScreens } from './common/validateScreens';

/** Stops the build on an invalid screen definition, naming the file and the JSON path. */
function screenDefinitions(): Plugin {
  return {
    name: 'screen-definitions',
    buildStart() {
      const dir = path.resolve('schemas');
      const files = Object.fromEntries(
        fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.screen.json'))
          .map((f) => [`schemas/${f}`, JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))]),
      );
      validateScreens(files);
    },
  };
}

export default defineConfig({
  plugins: [react(), screenDefinitions()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // Everything the first page needs in one script: the code-split parts are what it does not need.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
