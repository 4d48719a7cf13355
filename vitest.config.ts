import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Every Node process the tests start (servers, CLIs, workers, Vitest's own forks) inherits one
// on-disk compile cache: each module is type-stripped and compiled once per run, not once per
// process (the suite starts hundreds; a CLI's start costs half the CPU with it). Node checks each
// entry against the file's contents, so it changes no behaviour; NODE_DISABLE_COMPILE_CACHE=1
// turns it off.
process.env.NODE_COMPILE_CACHE ??= join(import.meta.dirname, 'node_modules', '.cache', 'node-compile-cache');

// Servers under test use the embedded stores unless a test points them at its own throwaway
// Postgres and Redis: a developer's DATABASE_URL, REDIS_URL or WEB_CONCURRENCY must not leak in.
// Deliveries are not held for a busy API in tests (the runner's own loop is busy; a spawned server's
// is, in bursts a test fires and then waits on): tests/server/webhooks/*burst* hold them on purpose.
const env = {
  TZ: 'UTC',
  DATABASE_URL: '',
  REDIS_URL: '',
  WEB_CONCURRENCY: '',
  ESTATE_WEBHOOKS_BURST_WAIT_MS: '0',
};

// Unit files that replace a module (vi.mock) need a module cache of their own: they run isolated,
// apart from the rest of the unit files, which share one per worker.
const mockingModules = globSync('tests/**/*.test.ts', { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(join(import.meta.dirname, file), 'utf8')),
);

// Four projects: fast unit/contract tests (those that mock a module apart), browser tests against
// a built console, and the mocks package's tests (packed once; scratch consumer projects installed
// from the registry).
export default defineConfig({
  test: {
    env,
    // Two files at a time, whatever the core count (Vitest's default is cores - 1: one on CI's two
    // cores): most unit files wait on child processes (servers, Postgres). The browser project
    // takes one file at a time (a server and Chromium each), so Vitest runs it after the rest.
    maxWorkers: 2,
    reporters: [
      'default',
      ['json', { outputFile: process.env.VITEST_REPORT ?? '.vitest-reports/report.json' }],
    ],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**', 'tests/packages/**', ...mockingModules],
          env,
          // Each worker runs its files one after another in one process, sharing loaded modules:
          // a fresh process per file cost about a third of the unit phase (230 files, each
          // re-importing Vitest and the code under test). A file must leave no global state
          // behind (process.env, spies, timers); one that replaces a module runs in 'unit-mocking'.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'unit-mocking',
          include: mockingModules,
          exclude: ['tests/browser/**', 'tests/packages/**'],
          env,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          env,
          // the global setup starts the console build in the background (the unit files run
          // meanwhile); each browser file waits for it to have ended well
          globalSetup: ['tests/browser/global-setup.ts'],
          setupFiles: ['tests/browser/build-ready.ts'],
          // one file at a time: two at once, each with its own server and Chromium, overloaded CI's
          // two cores and timed tests out. In one process: the files share its Chromium
          // (use-console.ts), each in contexts of its own.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          isolate: false,
          // after the other projects (one worker here, two there: Vitest needs them in groups)
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'package',
          include: ['tests/packages/**/*.test.ts'],
          env,
          globalSetup: ['tests/packages/mocks/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
