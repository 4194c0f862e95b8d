import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { builtinModules } from 'node:module';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'dist-vsix/**', 'test-results/**', '.tools/**', '**/*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'The core and CLI never import vscode.' }] }],
    },
  },
  {
    // the webview protocol is shared by the extension host and the webviews, which run in a browser
    files: ['src/protocol/**/*.ts', 'webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'The webview protocol and the webviews run without the VS Code API.' },
            ...builtinModules.map((name) => ({
              name,
              message: 'The webview protocol and the webviews run in a browser: no Node.js modules.',
            })),
          ],
          patterns: [{ regex: '^node:', message: 'The webview protocol and the webviews run in a browser: no Node.js modules.' }],
        },
      ],
    },
  },
  {
    // a promise nobody awaits loses its errors: in the extension every one is awaited, returned or given a catch (`void` says it is on purpose)
    files: ['src/extension/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
);
