import { defineConfig } from 'vite';

/**
 * The server built for `npm start`: `server/main.ts` and what it imports, bundled by Vite into
 * `dist/server` (its packages stay in node_modules, imported by Node as they are) and run by plain
 * Node. Running the TypeScript through tsx cost a start about 1.4 s more (bench/results.md,
 * 'Server start'): tsx's loader answers each of the ~2,000 imports through a worker thread.
 *
 * Every chunk is written flat in `dist/server`, two folders under the project like the modules of
 * `server/<folder>/`: the paths they build from their own location (`../../schemas`,
 * `../../src/i18n/locales`, `../../server/db/migrations`) hold in both.
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    // Readable stack traces in the logs; the size does not matter on a server.
    minify: false,
    sourcemap: true,
    rolldownOptions: { output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' } },
  },
});
