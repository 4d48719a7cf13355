// Console: each page's queries on the default workspace (cold: a freshly opened workspace, so no
// cached result helps), against a `select 1` round trip on the same kind of connection; the gzip
// JavaScript each page loads, and the full build time. Lighthouse has its own suite (lighthouse.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defaultDataFile } from '../../src/node/data-file.ts';
import { openWorkspace, type Workspace } from '../../src/node/db.ts';
import { consumerRows, period } from '../../src/queries/common.ts';
import { overviewScreen } from '../../src/queries/overview.ts';
import { keyDetailScreen, keyRows } from '../../src/queries/keys.ts';
import { routeCounts, routeDetailScreen, routeRows } from '../../src/queries/routes.ts';
import { functionDetailScreen, functionRows } from '../../src/queries/functions.ts';
import type { BenchSuite } from '../run.ts';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const budgetMs = 100;
const jsBudgetKb = 100;
const buildBudgetS = 20;
const dist = '.bench-dist-console';

/** Median of `runs` calls, each on a freshly opened workspace (opening and `prime` not timed). */
async function coldMedian(
  file: string,
  fn: (ws: Workspace) => Promise<unknown>,
  prime: (ws: Workspace) => Promise<unknown> = () => Promise.resolve(),
): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const ws = await openWorkspace(file);
    await prime(ws);
    const start = performance.now();
    await fn(ws);
    samples.push(performance.now() - start);
    ws.close();
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? NaN;
}

/** The gzip bytes of a built page's inline scripts (Astro inlines small ones). */
function inlineScriptBytes(html: string): number {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((text) => text.trim().length > 0)
    .reduce((sum, text) => sum + gzipSync(text).length, 0);
}

/** The JS files a built page loads: its module scripts and everything they import, transitively. */
function pageScripts(html: string, clientDir: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  while (queue.length > 0) {
    const src = queue.pop() ?? '';
    const file = join(clientDir, src.replace(/^\//, ''));
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) {
      queue.push(join(src.slice(0, src.lastIndexOf('/')), m[1] ?? ''));
    }
  }
  return seen;
}

export const suite: BenchSuite = {
  name: 'console',
  async run() {
    const file = defaultDataFile();
    const ids = await openWorkspace(file);
    const [top] = await ids.query<{ key: string; route: string; fn: string }>(
      `select
        (select target_id from v_blast_score where target_type = 'key' order by score desc limit 1) as key,
        (select route_id from v_route_stats where method = 'POST' and path = '/v2/orders' order by requests_per_day desc limit 1) as route,
        (select target_id from v_blast_score where target_type = 'function' order by score desc limit 1) as fn`,
    );
    ids.close();
    if (!top) throw new Error('workspace has no targets');

    const pages: [string, string, (ws: Workspace) => Promise<unknown>][] = [
      ['Overview', '/app/api', (ws) => Promise.all([period(ws), overviewScreen(ws)])],
      ['Keys', '/app/api/keys', (ws) => Promise.all([period(ws), keyRows(ws)])],
      ['Routes', '/app/api/routes', (ws) => Promise.all([period(ws), routeRows(ws), routeCounts(ws)])],
      ['Functions', '/app/api/functions', (ws) => Promise.all([period(ws), functionRows(ws)])],
      [
        'Key detail',
        `/app/api/keys/${top.key}`,
        (ws) => Promise.all([period(ws), keyDetailScreen(top.key, ws)]),
      ],
      [
        'Route detail',
        `/app/api/routes/${top.route}`,
        (ws) => Promise.all([period(ws), routeDetailScreen(top.route, ws)]),
      ],
      [
        'Function detail',
        `/app/api/functions/${top.fn}`,
        (ws) => Promise.all([period(ws), functionDetailScreen(top.fn, ws)]),
      ],
    ];

    // What the build (and a warmed per-request server) has cached when it renders a page: the
    // screen lists every detail page picks its target and names from.
    const lists = (ws: Workspace) =>
      Promise.all([period(ws), keyRows(ws), routeRows(ws), functionRows(ws), consumerRows(ws)]);
    const baseline = await coldMedian(file, (ws) => ws.query('select 1'));
    const ratio = (ms: number) => (ms / baseline).toFixed(0);
    console.log(
      `### Page queries (${runs} runs each, median; budget ${budgetMs} ms; select 1 = ${baseline.toFixed(2)} ms)\n`,
    );
    console.log(
      'Cold: a freshly opened workspace. Lists cached: the screen lists already read, as in the build.\n',
    );
    console.log('| page | cold ms | × select 1 | lists cached ms | × select 1 | within budget (cold) |');
    console.log('|---|---:|---:|---:|---:|---|');
    for (const [name, , fn] of pages) {
      const cold = await coldMedian(file, fn);
      const warm = await coldMedian(file, fn, lists);
      console.log(
        `| ${name} | ${cold.toFixed(1)} | ${ratio(cold)} | ${warm.toFixed(1)} | ${ratio(warm)} | ${cold <= budgetMs ? 'yes' : 'NO'} |`,
      );
    }

    rmSync(dist, { recursive: true, force: true });
    const started = performance.now();
    const build = spawnSync(
      process.execPath,
      ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dist],
      {
        stdio: 'ignore',
      },
    );
    const buildS = (performance.now() - started) / 1000;
    if (build.status !== 0) throw new Error('console bench: astro build failed');
    console.log(
      `\n### Build\n\nFull build (every page prerendered): ${buildS.toFixed(1)} s (budget ${buildBudgetS} s: ${buildS <= buildBudgetS ? 'yes' : 'NO'})\n`,
    );

    console.log(`### JavaScript per page (gzip; budget ${jsBudgetKb} KB)\n`);
    console.log('| page | script files | inline KB | gzip KB total | within budget |');
    console.log('|---|---:|---:|---:|---|');
    const clientDir = join(dist, 'client');
    for (const [name, path] of pages) {
      const html = readFileSync(join(clientDir, path, 'index.html'), 'utf8');
      const scripts = pageScripts(html, clientDir);
      const inlineKb = inlineScriptBytes(html) / 1024;
      const gzipKb =
        [...scripts].reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0) / 1024 + inlineKb;
      console.log(
        `| ${name} | ${scripts.size} | ${inlineKb.toFixed(1)} | ${gzipKb.toFixed(1)} | ${gzipKb <= jsBudgetKb ? 'yes' : 'NO'} |`,
      );
    }
    rmSync(dist, { recursive: true, force: true });
  },
};
