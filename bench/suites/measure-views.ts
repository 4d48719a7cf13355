// Measure views: every interface-B view read through the console's read-only handle, on a copy of
// the default workspace with this tree's views applied (ESTATE_DATA overrides the source). Two
// baselines from the same connection: `select 1` (the floor) and the exact overview p99s taken
// straight from the raw log sample, the query the latency rollup replaces. Also prints what
// applying the views costs the writer (the rollups are built then).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultDataFile } from '../../src/node/data-file.ts';
import { openWorkspace } from '../../src/node/db.ts';
import type { BenchSuite } from '../run.ts';
import { preparedWorkspace } from '../workspace-copy.ts';

const runs = Number(process.env.BENCH_RUNS ?? 15);

const views = [
  'v_period',
  'v_requests_daily',
  'v_route_requests_daily',
  'v_route_latency_daily',
  'v_route_dependents',
  'v_key_dependents',
  'v_function_dependents',
  'v_route_stats',
  'v_route_counts',
  'v_overview_error_rate',
  'v_overview_p99',
  'v_availability',
  'v_caller_mix',
  'v_key_stats',
  'v_function_daily',
  'v_function_stats',
  'v_consumer_quota',
  'v_overview',
];

const rawP99 =
  'select quantile_disc(edge_ms + origin_ms, 0.99), quantile_disc(edge_ms, 0.99), quantile_disc(origin_ms, 0.99) from log_sample';

/** Median of `runs` timed calls after two warm-ups, in milliseconds. */
async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** The measure-views suite. */
export const suite: BenchSuite = {
  name: 'measure views (read-only, default workspace)',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'estate-views-bench-'));
    try {
      const file = join(dir, 'workspace.duckdb');
      const applyMs = await preparedWorkspace(defaultDataFile(), file);
      const workspace = await openWorkspace(file);
      try {
        const [{ sample_requests: sampled } = { sample_requests: 0 }] = await workspace.query<{
          sample_requests: number;
        }>('select sample_requests from v_overview_error_rate');
        const floor = await median(() => workspace.query('select 1'));
        const raw = await median(() => workspace.query(rawP99));
        console.log(
          `log sample: ${sampled.toLocaleString('en-US')} rows; applying all views: ${applyMs.toFixed(0)} ms`,
        );
        console.log(
          `baseline select 1: ${floor.toFixed(2)} ms; raw exact p99s over the log sample: ${raw.toFixed(1)} ms\n`,
        );
        console.log('| view | median ms | × select 1 | ÷ raw p99 |');
        console.log('|---|---:|---:|---:|');
        for (const view of views) {
          const ms = await median(() => workspace.query(`select * from ${view}`));
          console.log(
            `| ${view} | ${ms.toFixed(1)} | ${(ms / floor).toFixed(1)} | ${(ms / raw).toFixed(2)} |`,
          );
        }
      } finally {
        workspace.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
