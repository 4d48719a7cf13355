// Builds the console once for all browser tests, into its own folder so a running `npm start` is untouched.
import { spawnSync } from 'node:child_process';
import { testDist } from '../../harness/browser.ts';

/** Vitest global setup: ensure the demo workspace exists, then build the site into testDist. */
export default function setup(): void {
  for (const args of [
    ['scripts/ensure-data.ts'],
    ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', testDist],
  ]) {
    const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`browser-test setup failed: node ${args.join(' ')}`);
  }
}
