import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/** Lint: typescript-eslint, the hooks rules, and the direction of imports from STYLE.md. */
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
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use the typed hooks from src/app/hooks.ts.',
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
              ],
              message: 'rules are pure: no React, Redux, Automerge, app or sync code.',
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
