import { defineConfig } from 'vitest/config';
import { formValidators } from './scripts/formValidators';
import { screenManifest } from './scripts/screenManifest';
import { withoutShiki } from './scripts/withoutShiki';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const server = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    globalSetup: ['tests/helpers/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Several server processes on one PostgreSQL (tests/instances): PostgreSQL only, as PGlite is one
 * process's own database; a project of its own rather than tests skipped on PGlite.
 */
const instances = {
  extends: true as const,
  test: {
    name: 'instances',
    include: ['tests/instances/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: 'postgres' },
    globalSetup: ['tests/helpers/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
};

/** Test projects: unit (client and shared code), the server suite on each database, and the browser suite. */
export default defineConfig({
  // The forms' validators compiled at build time, as the app has them (src/engine/form/validator.ts).
  plugins: [formValidators(), screenManifest(), withoutShiki()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'common/**/*.test.ts', 'tests/schemas/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // Bundled by Vite rather than loaded by Node: its modules import each other without file
          // extensions, and its Shiki imports go (scripts/withoutShiki.ts).
          server: { deps: { inline: ['codemirror-json-schema'] } },
        },
      },
      {
        extends: true,
        test: {
          // The how-to done in a copy of the repository (tests/recipes): its own checks and tests run there.
          name: 'recipes',
          include: ['tests/recipes/**/*.test.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 120_000,
        },
      },
      server('server-pglite', 'pglite'),
      ...(withPostgres ? [server('server-postgres', 'postgres'), instances] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/globalSetup.ts'],
          // Fails a test during which a page broke the Content-Security-Policy.
          setupFiles: ['tests/helpers/e2eSetup.ts'],
          env: { TEST_DB: 'pglite' },
          fileParallelism: false,
          // One retry: a loaded CI machine can starve Chromium; a real failure still fails twice.
          retry: 1,
          // Polls wait as a user would: the default second is shorter than the studio's save delay
          // (700 ms) and its answer together on a loaded machine.
          expect: { poll: { timeout: 5_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
