// Browser harness, shared by the browser tests, `npm run screenshots` and the Lighthouse bench: the
// built server on a free port, Debian Chromium through playwright-core, and both closed whatever happens.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { serverArgs, spawnListening } from './spawn-server.ts';

/** Where global setup builds the site for browser tests (ESTATE_TEST_DIST lets parallel runs use their own). */
export const testDist = process.env.ESTATE_TEST_DIST ?? '.test-dist';

/** Where global setup builds the console rendered per request (CONSOLE_RENDER=request) for browser tests. */
export const requestTestDist = `${testDist}-request`;

/** The Chromium binary: CHROMIUM_PATH, else Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags Chromium needs on this machine (closed network, root, no GPU). */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Whether browser tests can run. Outside CI a missing Chromium skips them with a loud warning;
 * in CI (CI=true) it is a failure.
 */
export function browserAvailable(): boolean {
  if (existsSync(chromiumPath)) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true but no Chromium at ${chromiumPath}`);
  console.warn(
    `\n!!! BROWSER TESTS SKIPPED: no Chromium at ${chromiumPath}. Install it with\n` +
      `!!!   apt-get install -y chromium   (or set CHROMIUM_PATH)\n`,
  );
  return false;
}

/** A running console server: its base URL, the child process behind it, and its own API folder. */
export interface ConsoleServer {
  baseUrl: string;
  child: ChildProcess;
  /** Temp folder for the server's order journal and issued keys (never the developer's data/). */
  apiDir: string;
}

/**
 * Starts the production server on a free port from the test build; resolves once it listens. With
 * `output`, every line the server prints is collected there.
 */
export async function startConsoleServer(
  env: NodeJS.ProcessEnv = {},
  output?: string[],
): Promise<ConsoleServer> {
  const apiDir = mkdtempSync(join(tmpdir(), 'estate-browser-'));
  const { url: baseUrl, child } = await spawnListening(
    serverArgs,
    {
      PORT: '0',
      HOST: '127.0.0.1',
      ESTATE_DIST: testDist,
      ESTATE_ORDERS_DIR: join(apiDir, 'orders'),
      ESTATE_ISSUED_KEYS: join(apiDir, 'issued-keys.jsonl'),
      ...env,
    },
    /(http:\/\/[^/\s]+)\/app\/api/,
    { output },
  );
  return { baseUrl, child, apiDir };
}

/** Stops a server started by startConsoleServer. */
export async function stopConsoleServer(server: ConsoleServer | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((done) => server.child.once('exit', done));
    server.child.kill('SIGTERM');
    await exited;
  }
  rmSync(server.apiDir, { recursive: true, force: true });
}

/** Launches headless Debian Chromium; never downloads a browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true });
}

/** A page that records console errors and uncaught page errors. */
export interface WatchedPage {
  page: Page;
  errors: string[];
}

/** Opens a page that records every console error and page error. */
export async function openPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/**
 * Visits every path with `visit`, on `concurrency` pages of one context side by side (Chromium
 * renders on every core while the test reads another page), and returns the results in path order.
 */
export async function visitEach<T>(
  context: BrowserContext,
  paths: readonly string[],
  visit: (page: Page, path: string) => Promise<T>,
  concurrency = 4,
): Promise<T[]> {
  const results: T[] = new Array<T>(paths.length);
  let next = 0;
  const lane = async () => {
    const page = await context.newPage();
    try {
      while (next < paths.length) {
        const index = next++;
        results[index] = await visit(page, paths[index] as string);
      }
    } finally {
      await page.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, lane));
  return results;
}
