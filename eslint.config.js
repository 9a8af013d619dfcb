import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/** The translation libraries, reached only through src/i18n. */
const I18N_LIBRARIES = ['i18next', 'react-i18next', 'i18next-browser-languagedetector'];

/** Imports nothing but src/i18n and the store's typed hooks may make. */
const RESTRICTED_PATHS = [
  {
    name: 'react-redux',
    importNames: ['useDispatch', 'useSelector'],
    message: 'Use the typed hooks from src/app/hooks.ts.',
  },
  ...I18N_LIBRARIES.map((name) => ({
    name,
    message: 'Use src/i18n/i18n.ts (or roomTexts.ts for the games): importing it sets up the texts.',
  })),
];

/** Lint: typescript-eslint, the hooks rules, and the direction of imports between the layers (docs/architecture.md). */
export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'test/fixtures', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/sync', from: './src/games', message: 'src/sync knows no game.' },
            { target: './src/sync', from: './src/app', message: 'src/sync does not import the app.' },
            {
              target: './src/games',
              from: './src/app',
              message: 'games never import the app: boards read their world from src/games/world.tsx.',
            },
            { target: './signaling', from: './src', message: 'signaling/ never imports src/.' },
            {
              target: './src',
              from: './signaling',
              message: 'src/ never imports the server: what both need is in protocol/.',
            },
            {
              target: './protocol',
              from: ['./src', './signaling'],
              message: 'protocol/ sits below the server and the browser.',
            },
          ],
        },
      ],
      'no-restricted-imports': ['error', { paths: RESTRICTED_PATHS }],
    },
  },
  {
    files: ['src/i18n/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/games/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: RESTRICTED_PATHS,
          patterns: [
            {
              group: ['**/i18n/i18n'],
              allowTypeImports: true,
              message:
                "Games take their texts' hooks from src/i18n/roomTexts.ts, which loads the games' texts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/sync/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', 'react/*'], message: 'src/sync has no React.' }] },
      ],
    },
  },
  {
    files: ['src/games/*/rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react-redux',
                '@reduxjs/*',
                '@automerge/*',
                '@mui/*',
                '**/sync/**',
                '**/app/**',
                '**/i18n/**',
                // The reasons' keys and their English, plain data with no i18next: what the rules give.
                '!**/i18n/reasons',
                ...I18N_LIBRARIES,
              ],
              message:
                'rules are pure: no React, Redux, Automerge, app, sync or i18n code (they give reasons, i18n/reasons.ts, translated where shown).',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage'],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'randomness enters as data.' },
        { object: 'Date', property: 'now', message: 'time enters as data.' },
      ],
    },
  },
);
