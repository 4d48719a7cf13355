// Lighthouse (performance, accessibility, best practices, SEO) on the four screens as the
// production server serves them, in Debian's Chromium. Scores are already 0–1 ratios; the baseline
// in the same run is a bare HTML page served by the same server, so the table shows what the
// console costs over an empty page.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath, startConsoleServer, stopConsoleServer } from '../../harness/browser.ts';
import type { BenchSuite } from '../run.ts';

const dist = '.bench-dist-lighthouse';
const pages = [
  ['baseline (bare HTML page)', '/bench-baseline.html'],
  ['Overview', '/app/api'],
  ['Keys', '/app/api/keys'],
  ['Routes', '/app/api/routes'],
  ['Functions', '/app/api/functions'],
] as const;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The Lighthouse suite. */
export const suite: BenchSuite = {
  name: 'lighthouse: the four screens, production server, Debian Chromium',
  async run() {
    const build = spawnSync(
      process.execPath,
      ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dist],
      {
        stdio: 'ignore',
      },
    );
    if (build.status !== 0) throw new Error('lighthouse bench: astro build failed');
    mkdirSync(join(dist, 'client'), { recursive: true });
    writeFileSync(
      join(dist, 'client/bench-baseline.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
        '<meta name="description" content="baseline"><title>Baseline</title></head><body><main><h1>Baseline</h1></main></body></html>',
    );
    const server = await startConsoleServer({ ESTATE_TEST_DIST: dist, ESTATE_DIST: dist });
    const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
    try {
      console.log('| page | performance | accessibility | best practices | SEO |');
      console.log('|---|---|---|---|---|');
      for (const [name, path] of pages) {
        const result = await lighthouse(server.baseUrl + path, { port: chrome.port, logLevel: 'error' });
        const scores = categories.map((c) => result?.lhr.categories[c]?.score ?? null);
        console.log(`| ${name} | ${scores.map((s) => (s === null ? '–' : s.toFixed(2))).join(' | ')} |`);
      }
    } finally {
      chrome.kill();
      await stopConsoleServer(server);
      rmSync(dist, { recursive: true, force: true });
    }
  },
};
