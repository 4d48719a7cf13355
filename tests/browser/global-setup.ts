// Builds the console once for all browser tests, into its own folder so a running `npm start` is
// untouched, then once rendered per request (console-request-mode.test.ts). The workspace is made
// first (unit files read it too); the builds then run one after the other in the background while
// the unit files run, and each browser file waits for them (build-ready.ts).
import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { requestTestDist, testDist } from '../../harness/browser.ts';
import { startConsoleBuild, type ConsoleBuild } from '../helpers/console-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    consoleBuild: ConsoleBuild;
  }
}

/**
 * Vitest global setup: ensure the demo workspace exists, then start building the site into testDist
 * and requestTestDist.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const result = spawnSync(process.execPath, ['scripts/ensure-data.ts'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('browser-test setup failed: node scripts/ensure-data.ts');
  const astro = 'node_modules/astro/bin/astro.mjs';
  const running = startConsoleBuild([
    { args: [astro, 'build', '--outDir', testDist] },
    // as the test file built it before, in a worker: UTC
    { args: [astro, 'build', '--outDir', requestTestDist], env: { CONSOLE_RENDER: 'request', TZ: 'UTC' } },
  ]);
  project.provide('consoleBuild', running.build);
  return () => running.stop();
}
