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
    // What the first page needs, in two scripts of similar size that Chromium compiles in parallel
    // while they stream in (one script: ≈ 45 ms later on this machine's two cores); the other
    // chunks are the code the first page does not need (docs/decisions.md, 'The first script').
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'ui', test: /node_modules[\\/](react-dom|primereact|react-router|scheduler)[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
