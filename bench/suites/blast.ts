// Blast radius: the score views, the board, the alerts and every what-if preview, through the
// query module, on the default workspace and (when one exists) a --scale 10 workspace. Each file is
// copied to a temp dir and the repo's current views are applied to the copy, so the figures are for
// the SQL in this tree. Medians are printed as ratios against `select 1` on the same connection.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultDataFile } from '../../src/node/data-file.ts';
import { openWorkspace, type Workspace } from '../../src/node/db.ts';
import { functionPreview } from '../../src/what-if/change/query.ts';
import { retirePreview } from '../../src/what-if/retire/query.ts';
import { rotatePreview } from '../../src/what-if/rotate/query.ts';
import { throttlePreview, throttleSetup } from '../../src/what-if/throttle/query.ts';
import type { BenchSuite } from '../run.ts';
import { preparedWorkspace } from '../workspace-copy.ts';

const runs = Number(process.env.BENCH_RUNS ?? 15);
const scale10File = process.env.BLAST_BENCH_SCALE10 ?? '/tmp/scale10.duckdb';

/** Median and 90th percentile of `runs` timed calls, after two warm-ups, in milliseconds. */
async function time(fn: () => Promise<unknown>): Promise<{ median: number; p90: number }> {
  for (let i = 0; i < 2; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number): number =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN;
  return { median: at(0.5), p90: at(0.9) };
}

/** The highest-blast key, route and function: the previews' targets. */
async function targets(db: Workspace): Promise<{ key: string; route: string; fn: string; rpm: number }> {
  const [row] = await db.query<{ key: string; route: string; fn: string; rpm: number }>(
    `select
      (select target_id from v_blast_score where target_type = 'key' order by score desc, target_id limit 1) as key,
      (select target_id from v_blast_score where target_type = 'route' order by score desc, target_id limit 1) as route,
      (select target_id from v_blast_score where target_type = 'function' order by score desc, target_id limit 1) as fn,
      (select rpm_budget / 2 from keys k join v_blast_score s on s.target_id = k.key_id
        order by s.score desc, k.key_id limit 1)::INTEGER as rpm`,
  );
  if (!row) throw new Error('no targets');
  return row;
}

async function measure(label: string, file: string, budgetMs: number): Promise<void> {
  const db = await openWorkspace(file);
  try {
    const t = await targets(db);
    const cases: [string, () => Promise<unknown>][] = [
      ['select 1 (baseline)', () => db.query('select 1')],
      ['v_blast_score (all targets)', () => db.query('select * from v_blast_score')],
      ['v_blast_board', () => db.query('select * from v_blast_board')],
      ['v_alerts', () => db.query('select * from v_alerts')],
      ['rotate preview (key)', () => rotatePreview(t.key, db)],
      ['retire preview (route)', () => retirePreview(t.route, db)],
      ['change preview (function)', () => functionPreview(t.fn, db)],
      ['throttle preview (macro)', () => throttlePreview(t.key, t.rpm, db)],
      ['throttle setup (histogram)', () => throttleSetup(t.key, db)],
    ];
    console.log(`### ${label} (budget ${budgetMs} ms; ${runs} runs each)\n`);
    console.log('| query | median ms | p90 ms | × select 1 | within budget |');
    console.log('|---|---:|---:|---:|---|');
    let baseline = NaN;
    for (const [name, fn] of cases) {
      const { median, p90 } = await time(fn);
      if (Number.isNaN(baseline)) baseline = median;
      const budget =
        name.startsWith('select') || name === 'v_alerts' ? '' : median <= budgetMs ? 'yes' : 'NO';
      console.log(
        `| ${name} | ${median.toFixed(1)} | ${p90.toFixed(1)} | ${(median / baseline).toFixed(0)} | ${budget} |`,
      );
    }
    console.log('');
  } finally {
    db.close();
  }
}

/** The blast suite. */
export const suite: BenchSuite = {
  name: 'blast radius: score views and what-if previews',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'bench-blast-'));
    try {
      const defaultCopy = join(dir, 'default.duckdb');
      await preparedWorkspace(defaultDataFile(), defaultCopy);
      await measure('default workspace', defaultCopy, 100);
      if (existsSync(scale10File)) {
        const scale10Copy = join(dir, 'scale10.duckdb');
        await preparedWorkspace(scale10File, scale10Copy);
        await measure('--scale 10', scale10Copy, 500);
      } else console.log(`(no ${scale10File}: npx node simulator/cli.ts --scale 10 --out ${scale10File})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
