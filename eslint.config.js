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
  {
    files: ['server/db/repositories/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?(services|routes|resources)(/|$)', message: 'Repositories hold SQL only: they never import services, routes or resources.' }] },
      ],
    },
  },
  {
    files: ['server/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.{1,2}/)+(.*/)?routes(/|$)', message: 'Services never import routes: move what both need below them.' }] }] },
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
