import { defineConfig } from 'vitest/config';

// Two projects: fast unit/contract tests, and browser tests against a built console.
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    reporters: ['default', ['json', { outputFile: '.vitest-reports/report.json' }]],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**'],
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
    ],
  },
});
