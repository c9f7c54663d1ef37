import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import boundaries from './eslint.boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Type-checked rules, a subset of recommendedTypeChecked: the promise rules (a promise
    // nobody awaits loses its error; an async callback where a void one is expected runs
    // unchecked; awaiting a non-promise is a mistake) and two cheap ones. Left out for now: the
    // no-unsafe-* family (zod and JSON boundaries would need casts everywhere for little gain),
    // only-throw-error (react-router's loaders throw redirect responses),
    // prefer-promise-reject-errors and no-unnecessary-type-assertion (style, to take up later).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Contracts are shared with the browser: no server or UI code in them (STYLE rule 3).
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react*', 'fastify*', 'kysely*', '@extranet/*'] },
      ],
    },
  },
  {
    // The web never imports the server (STYLE rule 3).
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@extranet/server*', '**/apps/server/**'] }],
    },
  },
  ...boundaries,
  prettier,
);
