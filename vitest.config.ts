import { defineConfig } from 'vitest/config';

// Three projects: fast unit/contract tests, browser tests against a built console, and the mocks
// package's tests (packed once; scratch consumer projects installed from the registry).
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    reporters: ['default', ['json', { outputFile: '.vitest-reports/report.json' }]],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**', 'tests/packages/**'],
          env: { TZ: 'UTC' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          env: { TZ: 'UTC' },
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'package',
          include: ['tests/packages/**/*.test.ts'],
          env: { TZ: 'UTC' },
          globalSetup: ['tests/packages/mocks/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
