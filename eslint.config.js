import js from '@eslint/js';
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
    // The engine data client is the one place of the interface that calls fetch.
    files: ['server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'src/engine/api/apiClient.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  // Layering: imports only point down (src → common; server routes → services → repositories).
  // The patterns match the import string, so each one names the folder after any `./`/`../`.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?server(/|$)', message: 'The interface never imports the server: share through common/.' }] }] },
  },
  {
    files: ['common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?(src|server)(/|$)', message: 'common/ is shared by the interface and the server: it imports neither.' }] }] },
  },
  // The server's layers point one way: routes → services → repositories → db/schema. Resources (the
  // declarations) are read by all of them and import no service; repositories read only the
  // declarations' vocabulary (declaration, filterDeclaration, tableMapping, the reading sheet's readingSheets), never a resource's code.
  {
    files: ['server/db/repositories/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.{1,2}/)+(.*/)?(services|routes|http)(/|$)', message: 'Repositories hold SQL only: they never import services, routes or http/.' },
            {
              regex: '^(\\.{1,2}/)+(.*/)?resources/(?!(declaration|filterDeclaration|tableMapping|readingSheets)\\.js$)',
              message: "Repositories read the declarations' vocabulary only (declaration, filterDeclaration, tableMapping, the reading sheet's readingSheets), never a resource's code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/resources/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?(services|routes)(/|$)', message: 'Resources are declarations: they import no service or route (a service hands a rule what it needs through the store context).' }] },
      ],
    },
  },
  {
    files: ['server/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?routes(/|$)', message: 'Services never import routes: move what both need below them.' }] }] },
  },
  {
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?db/repositories(/|$)', message: 'Routes speak HTTP only: they read and write through a service.' }] },
      ],
    },
  },
  {
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?tests(/|$)', message: 'The bench does not import the tests: share through scripts/ or the code it measures.' }] },
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
);
