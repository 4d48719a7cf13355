// The browser tests' session: one console server and one Chromium per test file, started in
// beforeAll and closed in afterAll (the harness itself, harness/browser.ts, knows nothing of Vitest).
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

/**
 * Registers beforeAll/afterAll hooks that start the server and Chromium for a test file and
 * close both whatever happens. Read `session()` inside tests.
 */
export function useConsole(env: NodeJS.ProcessEnv = {}): () => ConsoleSession {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startConsoleServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stopConsoleServer(server);
  });
  return () => {
    if (!server || !browser) throw new Error('console session not started');
    return { server, browser };
  };
}
