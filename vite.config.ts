import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { formValidators } from './scripts/formValidators';
import { screenManifest } from './scripts/screenManifest';
import { withoutShiki } from './scripts/withoutShiki';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file of the build, which
 * the server sends to browsers that accept them (server/plugins/clientFiles.ts): the first page's
 * scripts travel as ≈ 440 KB instead of 1.5 MB. Already compressed formats (woff2, images) are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const dir = path.join(outDir, 'assets');
      if (!fs.existsSync(dir)) return;
      const files = fs.readdirSync(dir).filter((f) => /\.(js|css|svg|ttf|eot|json)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const source = fs.readFileSync(path.join(dir, file));
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzip(source, { level: 9 }),
          ]);
          fs.writeFileSync(path.join(dir, `${file}.br`), br);
          fs.writeFileSync(path.join(dir, `${file}.gz`), gz);
        }),
      );
    },
  };
}

export default defineConfig({
  // The build's check of the screen definitions runs before Vite: scripts/check-definitions.ts.
  // The screens' validators come at run time with their definitions: the build compiles the reading sheet's.
  plugins: [react(), formValidators({ runTime: true }), screenManifest(), withoutShiki(), precompress()],
  // The dev server bundles codemirror-json-schema without the build's plugins: this one is needed there too.
  optimizeDeps: { rolldownOptions: { plugins: [withoutShiki()] } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // .vite/manifest.json: which files each route's code needs (scripts/firstPageBytes.ts weighs the first pages with it).
    manifest: true,
    // What the first page needs, in two scripts of similar size that Chromium compiles in parallel
    // while they stream in (one script: ≈ 45 ms later on this machine's two cores); the other
    // chunks are the code the first page does not need (docs/decisions.md, 'The first script').
    rolldownOptions: {
      // The app, and the login page opened cold: its own small entry (src/screens/login/loginPage.tsx).
      input: { index: path.resolve(import.meta.dirname, 'index.html'), login: path.resolve(import.meta.dirname, 'login.html') },
      output: {
        codeSplitting: {
          groups: [
            // React itself, shared by both entries; the app's shell (router, PrimeReact) is not the login page's.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 3 },
            { name: 'ui', test: /node_modules[\\/](primereact|react-router|react-router-dom)[\\/].*\.m?js$/, tags: ['$initial'], priority: 2 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
