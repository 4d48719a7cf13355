// Lighthouse (mobile profile: performance, LCP, accessibility, best practices, SEO) on every page
// type as the production server serves them (precompressed, as `npm start` builds), in Debian's
// Chromium: the screens, the largest detail page of each kind (route, function, key, consumer),
// the budget, the request log, Try it, Events and Audit. Scores are already 0–1 ratios; the baseline in the same run is a
// bare HTML page served by the same server, so the table shows what the console costs over an
// empty page. BENCH_LIGHTHOUSE_DIST=<folder> measures a build made already (kept afterwards).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath, startConsoleServer, stopConsoleServer } from '../../harness/browser.ts';
import { precompress } from '../../scripts/precompress.ts';
import type { BenchSuite } from '../run.ts';

const prebuilt = process.env.BENCH_LIGHTHOUSE_DIST;
const dist = prebuilt ?? '.bench-dist-lighthouse';
const screens = [
  ['baseline (bare HTML page)', '/bench-baseline.html'],
  ['Overview', '/app/api'],
  ['Keys', '/app/api/keys'],
  ['Routes', '/app/api/routes'],
  ['Functions', '/app/api/functions'],
  ['Consumers', '/app/api/consumers'],
  ['Budget', '/app/api/budget'],
  ['Request log', '/app/api/logs'],
  ['Try it', '/app/api/try'],
  ['Events', '/app/api/events'],
  ['Audit', '/app/api/audit'],
] as const;
const details = ['routes', 'functions', 'keys', 'consumers'] as const;
const categories = ['accessibility', 'best-practices', 'seo'] as const;

/** The largest prerendered detail page of a kind (`/app/api/routes/rt_…`): the slowest to load. */
function largestDetail(kind: string): [string, string] {
  const folder = join(dist, 'client/app/api', kind);
  const [largest] = readdirSync(folder)
    .filter((id) => statSync(join(folder, id)).isDirectory())
    .map((id) => ({ id, size: statSync(join(folder, id, 'index.html')).size }))
    .sort((a, b) => b.size - a.size);
  if (largest === undefined) throw new Error(`lighthouse bench: no ${kind} detail page in ${folder}`);
  return [`${kind.replace(/s$/, '')} detail (largest)`, `/app/api/${kind}/${largest.id}`];
}

/** The Lighthouse suite. */
export const suite: BenchSuite = {
  name: 'lighthouse (mobile): every page type, production server, precompressed build, Debian Chromium',
  async run() {
    if (prebuilt === undefined) {
      const build = spawnSync(
        process.execPath,
        ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dist],
        {
          stdio: 'ignore',
        },
      );
      if (build.status !== 0) throw new Error('lighthouse bench: astro build failed');
      precompress(join(dist, 'client'));
    }
    mkdirSync(join(dist, 'client'), { recursive: true });
    writeFileSync(
      join(dist, 'client/bench-baseline.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
        '<meta name="description" content="baseline"><title>Baseline</title></head><body><main><h1>Baseline</h1></main></body></html>',
    );
    const server = await startConsoleServer({ ESTATE_TEST_DIST: dist, ESTATE_DIST: dist });
    const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
    try {
      console.log(
        '| page | performance (target >= 0.95) | LCP s (target <= 1.5) | TBT ms | accessibility | best practices | SEO |',
      );
      console.log('|---|---|---|---|---|---|---|');
      for (const [name, path] of [...screens, ...details.map(largestDetail)]) {
        const result = await lighthouse(server.baseUrl + path, { port: chrome.port, logLevel: 'error' });
        const lhr = result?.lhr;
        const score = (s: number | null | undefined) => (s == null ? '–' : s.toFixed(2));
        const ms = (id: string) => lhr?.audits[id]?.numericValue ?? NaN;
        const scores = categories.map((c) => score(lhr?.categories[c]?.score));
        console.log(
          `| ${name} | ${score(lhr?.categories.performance?.score)} | ${(ms('largest-contentful-paint') / 1000).toFixed(2)} | ${ms('total-blocking-time').toFixed(0)} | ${scores.join(' | ')} |`,
        );
      }
    } finally {
      chrome.kill();
      await stopConsoleServer(server);
      if (prebuilt === undefined) rmSync(dist, { recursive: true, force: true });
      else rmSync(join(dist, 'client/bench-baseline.html'), { force: true });
    }
  },
};
