// Builds the console once for all browser tests, into its own folder so a running `npm start` is
// untouched, then once rendered per request (console-request-mode.test.ts). The workspace is made
// first (unit files read it too); the builds then run one after the other in the background while
// the unit files run, and each browser file waits for them (build-ready.ts). It also launches the
// one Chromium every browser file connects to (use-console.ts): a launch and a first page cost
// about 3 s of a file, a new context in a running browser about 1 s.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromiumPath, launchBrowserServer, requestTestDist, testDist } from '../../harness/browser.ts';
import { startConsoleBuild, type ConsoleBuild } from '../helpers/console-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    consoleBuild: ConsoleBuild;
    /** The shared Chromium's endpoint; undefined without Chromium (the files then skip or fail). */
    chromiumEndpoint: string | undefined;
  }
}

/**
 * Vitest global setup: ensure the demo workspace exists, start building the site into testDist
 * and requestTestDist, and launch the shared Chromium.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const result = spawnSync(process.execPath, ['scripts/ensure-data.ts'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('browser-test setup failed: node scripts/ensure-data.ts');
  const astro = 'node_modules/astro/bin/astro.mjs';
  const running = startConsoleBuild([
    { args: [astro, 'build', '--outDir', testDist] },
    // as the test file built it before, in a worker: UTC
    { args: [astro, 'build', '--outDir', requestTestDist], env: { CONSOLE_RENDER: 'request', TZ: 'UTC' } },
  ]);
  project.provide('consoleBuild', running.build);
  const chromium = existsSync(chromiumPath) ? await launchBrowserServer() : undefined;
  project.provide('chromiumEndpoint', chromium?.wsEndpoint());
  return async () => {
    await chromium?.close();
    await running.stop();
  };
}
