import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the engine data client (src/engine/api).' }],
      // A button without a type submits the form around it: a list inside a form (a user's requests)
      // would save the form on every row action.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name=/^(Button|button)$/]:not(:has(JSXAttribute[name.name='type']))",
          message: 'Give the button a type ("button", or "submit" for a form\'s own save).',
        },
      ],
    },
  },
  {
    // No import cycle, whatever its length: the layering blocks below check one import at a time
    // and cannot see a loop through several files. The TypeScript resolver maps a `.js` specifier
    // to its `.ts` file, as tsc does. Type-only imports (`import type`, or every specifier `type`)
    // are left out of the graph: verbatimModuleSyntax erases them, so they load nothing at run time
    // and a loop through one cannot break there (import-x 4 skips them itself; it has no
    // ignoreTypeImports option to turn). allowUnsafeDynamicCyclicDependency stays false: an
    // `import()` still loads its module, so a loop through one is still a loop between layers.
    files: ['server/**/*.ts', 'common/**/*.ts', 'src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // The files import-x reads to follow the imports, and its parser for them (as its typescript config).
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The engine data client is the one place of the interface that calls fetch.
    files: ['server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'src/engine/api/apiClient.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  // Layering: imports only point down (src → common; server routes → services → repositories).
  // The patterns match the import string, so each one names the folder after any `./`/`../`.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?server(/|$)', message: 'The interface never imports the server: share through common/.' }] },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?(src|server)(/|$)', message: 'common/ is shared by the interface and the server: it imports neither.' }] },
      ],
    },
  },
  // The server's layers point one way (docs/architecture.md):
  //   app.ts, compose/ (the services built once), plugins/, routes/ (HTTP only)
  //   → the features' services: sheets/, screens/, auth/, subscribers/, editorial/, ai/, usage/
  //   → engine/ (the declarations' vocabulary, the stores and services derived from them, the one
  //     write path and what every resource shares), resources/ (the declarations), definitions/
  //     (the screen definitions: loaded, checked, validated)
  //   → db/repositories/<feature>/ (SQL) → db/schema.
  // A pattern matches the import string: a server folder is named right after the `../` that reach
  // it (`../../sheets/`), so that `../db/repositories/sheets/` is not taken for it. Repositories take
  // the declarations as types only (`import type`, erased at run time): a value both need (the
  // codecs, a shared constant) lives below them, in server/db/ or common/.
  {
    files: ['server/db/repositories/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){3,}(routes|plugins|compose|sheets|screens|auth|subscribers|editorial|ai|usage|definitions|http|uploads)(/|$)',
              message: 'Repositories hold SQL only: they import no route, service, definition, http/ or uploads/ module.',
            },
            {
              regex: '^(\\.\\./){3,}(resources|engine)(/|$)',
              allowTypeImports: true,
              message: 'Repositories take the declarations as types only (import type): move a value they need down, to server/db/ or common/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/engine/**/*.ts', 'server/resources/**/*.ts', 'server/definitions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(routes|plugins|compose|sheets|screens|auth|subscribers|editorial|ai|usage)(/|$)',
              message:
                'The engine, the declarations and the definitions sit below the features: they import no feature, route or composition (a service hands a rule what it needs through the store context).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/{sheets,screens,auth,subscribers,editorial,ai,usage}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(routes|plugins|compose)(/|$)',
              message: "A feature's services never import routes, plugins or the composition: move what both need below them.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+db/repositories(/|$)', message: 'Routes speak HTTP only: they read and write through a service.' },
            { regex: '^\\./', message: 'A route never imports another route: take the service from app.services, or move what both need below them.' },
          ],
        },
      ],
    },
  },
  {
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.{1,2}/)+(.*/)?tests(/|$)', message: 'The bench does not import the tests: share through scripts/ or the code it measures.' },
          ],
        },
      ],
    },
  },
  {
    // Layers point one way: the app hands the engine its widgets (RegistriesProvider); the engine
    // imports neither them, nor the bespoke screens, nor the app.
    files: ['src/engine/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\.?/)+(src/)?(widgets|screens|app)(/|$)',
              message: 'The engine does not import src/widgets, src/screens or src/app: take the widgets from useRegistries().',
            },
            // Repeated from the src/** block: a later block's options replace an earlier one's for the same rule.
            { regex: '^(\\.{1,2}/)+(.*/)?server(/|$)', message: 'The interface never imports the server: share through common/.' },
          ],
        },
      ],
    },
  },
  // Last: the formatting is Prettier's (npm run format), so no rule of the configs above judges it.
  prettier,
);
