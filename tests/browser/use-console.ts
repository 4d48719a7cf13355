// The browser tests' session: one console server per test file, started in beforeAll and stopped in
// afterAll, and the worker's one Chromium, in which each file opens contexts of its own and closes
// them all when it ends (the harness itself, harness/browser.ts, knows nothing of Vitest).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  launchBrowser,
  startConsoleServer,
  stopConsoleServer,
  type ConsoleServer,
} from '../../harness/browser.ts';

/** The server and browser of one test file. */
export interface ConsoleSession {
  server: ConsoleServer;
  browser: Browser;
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this worker, launched on first use and again if it has gone away. The browser
 * project runs its files one after another in one process (vitest.config.ts), so they share it:
 * a launch and its first page cost about 3 s of CPU, a fresh context in a running browser 0.7 s.
 * Chromium ends with the worker (its pipe to Playwright closes).
 */
export function sharedBrowser(): Promise<Browser> {
  if (shared) return shared;
  const launching: Promise<Browser> = launchBrowser().then(
    (browser) => {
      browser.once('disconnected', () => {
        if (shared === launching) shared = undefined;
      });
      return browser;
    },
    (error: unknown) => {
      if (shared === launching) shared = undefined;
      throw error;
    },
  );
  shared = launching;
  return launching;
}

/** Closes every open context of `browser`: files run one at a time in a worker, so all are the file's. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
}

/**
 * Registers beforeAll/afterAll hooks that start the server for a test file and take the worker's
 * Chromium, and that stop the server and close every context the file opened, whatever happens.
 * Read `session()` inside tests.
 */
export function useConsole(env: NodeJS.ProcessEnv = {}): () => ConsoleSession {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startConsoleServer(env);
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    if (browser) await closeContexts(browser);
    await stopConsoleServer(server);
  });
  return () => {
    if (!server || !browser) throw new Error('console session not started');
    return { server, browser };
  };
}
