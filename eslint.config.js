// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'packages/*/dist/',
      '.test-dist*/',
      '.bench-dist*/',
      '.astro/',
      'data/',
      'node_modules/',
      'public/mockServiceWorker.js',
      'coverage/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded rng (simulator/rng.ts).' },
      ],
    },
  },
  ...astro.configs.recommended,
  // Untyped: .astro files, their <script> blocks (each one an import of a .ts module the typed rules
  // read, or a few lines; typed, each block cost the project service a program of its own, ~8 s of
  // the lint's CPU for 11 blocks; astro check still type-checks them) and plain JavaScript.
  {
    files: ['**/*.astro', '**/*.astro/*.ts', '**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
