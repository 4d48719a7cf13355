// Simulator: end-to-end log rows/s (`writeWorkspace`, a child process per run so peak memory is
// its own) against, in the same run, a raw DuckDB appender writing the same rows already in memory
// (fed through data chunks, its fastest path, and value by value). Prints ratios, 10M-row time and
// peak RSS. BENCH_SIM_SCALE (default 10) sets the end-to-end scale.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DuckDBDataChunk,
  DuckDBDateValue,
  DuckDBInstance,
  DuckDBTimestampValue,
  type DuckDBValue,
} from '@duckdb/node-api';
import { defaultConfig } from '../../simulator/config.ts';
import { calendar, createRng, isoDay } from '../../simulator/rng.ts';
import { sqlFiles } from '../../simulator/sql/apply.ts';
import { simulateDay } from '../../simulator/traffic/day.ts';
import { callerKinds, createLogBatch, sampleDay } from '../../simulator/traffic/log-sample.ts';
import { buildModel } from '../../simulator/traffic/model.ts';
import { countedByDay, sampleRate } from '../../simulator/traffic/period.ts';
import { userAgentList } from '../../simulator/traffic/user-agents.ts';
import { buildWorld } from '../../simulator/world/index.ts';
import type { BenchSuite } from '../run.ts';

const scale = Number(process.env.BENCH_SIM_SCALE ?? 10);
const rawRows = 1_000_000;

/** The first `limit` log rows the simulator generates for the default config, as final values. */
function generatedRows(limit: number): DuckDBValue[][] {
  const world = buildWorld(defaultConfig);
  const model = buildModel(defaultConfig, world);
  const cal = calendar(defaultConfig.asOf, defaultConfig.days);
  const counted = countedByDay(model, cal, createRng(defaultConfig.seed, 'traffic/period'));
  const rate = sampleRate(model, defaultConfig.days, defaultConfig.scale);
  const rows: DuckDBValue[][] = [];
  const batch = createLogBatch();
  const take = (): void => {
    const day = new DuckDBDateValue(Math.floor(batch.dayMs / 86_400_000));
    for (let i = 0; i < batch.size && rows.length < limit; i++) {
      rows.push([
        new DuckDBTimestampValue(BigInt(batch.tsMs[i] as number) * 1000n),
        day,
        world.routes[batch.route[i] as number]?.route_id as string,
        world.keys[batch.key[i] as number]?.key_id as string,
        world.consumers[batch.consumer[i] as number]?.consumer_id as string,
        callerKinds[batch.kind[i] as number] as string,
        userAgentList[batch.userAgent[i] as number] as string,
        batch.status[i] as number,
        batch.edgeMs[i] as number,
        batch.originMs[i] as number,
      ]);
    }
    batch.size = 0;
  };
  for (const [d, dayMs] of cal.dayStarts.entries()) {
    if (rows.length >= limit) break;
    const day = simulateDay(
      model,
      dayMs,
      counted[d] ?? [],
      createRng(defaultConfig.seed, `traffic/day/${isoDay(dayMs)}`),
    );
    sampleDay(model, day, rate, createRng(defaultConfig.seed, `traffic/log/${isoDay(dayMs)}`), batch, take);
    take();
  }
  return rows;
}

/** Seconds a raw appender takes to write `rows` into a fresh log_sample, by chunks or value by value. */
async function rawAppend(dir: string, rows: DuckDBValue[][], mode: 'chunks' | 'values'): Promise<number> {
  const file = join(dir, `raw-${mode}.duckdb`);
  rmSync(file, { force: true });
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  await connection.run(
    readFileSync(sqlFiles('tables').find((f) => f.endsWith('_log_sample.sql')) as string, 'utf8'),
  );
  const appender = await connection.createAppender('log_sample');
  const types = Array.from({ length: appender.columnCount }, (_, i) => appender.columnType(i));
  const started = performance.now();
  if (mode === 'chunks') {
    for (let start = 0; start < rows.length; start += 2048) {
      const slice = rows.slice(start, start + 2048);
      const chunk = DuckDBDataChunk.create(types, slice.length);
      chunk.setRows(slice);
      appender.appendDataChunk(chunk);
    }
  } else {
    for (const row of rows) {
      row.forEach((value, i) => appender.appendValue(value, types[i]));
      appender.endRow();
    }
  }
  appender.closeSync();
  await connection.run('checkpoint');
  const seconds = (performance.now() - started) / 1000;
  connection.closeSync();
  instance.closeSync();
  return seconds;
}

/** Runs the simulator in a child process; returns wall seconds, log rows and the child's peak RSS. */
function endToEnd(dir: string, runScale: number): { seconds: number; rows: number; peakMb: number } {
  const script = `import { writeWorkspace } from './simulator/writer.ts';
    const started = performance.now();
    const result = await writeWorkspace({ seed: 'estate-demo', asOf: '2026-11-01', days: 30, scale: ${runScale} }, ${JSON.stringify(join(dir, 'e2e.duckdb'))});
    console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, rows: result.logRows, peakMb: process.resourceUsage().maxRSS / 1024 }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop() as string) as {
    seconds: number;
    rows: number;
    peakMb: number;
  };
}

/** The simulator suite. */
export const suite: BenchSuite = {
  name: 'simulator: log rows/s end to end vs a raw appender',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'estate-bench-sim-'));
    try {
      const rows = generatedRows(rawRows);
      const chunksBefore = await rawAppend(dir, rows, 'chunks');
      const values = await rawAppend(dir, rows, 'values');
      const e2e = endToEnd(dir, scale);
      const chunksAfter = await rawAppend(dir, rows, 'chunks');
      const rawChunkRate = rows.length / ((chunksBefore + chunksAfter) / 2);
      const rawValueRate = rows.length / values;
      const e2eRate = e2e.rows / e2e.seconds;
      const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
      console.log('| measure | value |\n|---|---|');
      console.log(
        `| raw appender, data chunks (${fmt(rows.length)} rows in memory) | ${fmt(rawChunkRate)} rows/s |`,
      );
      console.log(`| raw appender, value by value | ${fmt(rawValueRate)} rows/s |`);
      console.log(
        `| simulator end to end, --scale ${scale} (${fmt(e2e.rows)} log rows, every table and view) | ${fmt(e2eRate)} rows/s |`,
      );
      console.log(
        `| ratio: end to end / raw data-chunk appender | ${(e2eRate / rawChunkRate).toFixed(2)} (target ≥ 0.50) |`,
      );
      console.log(
        `| ratio: end to end / raw value-by-value appender | ${(e2eRate / rawValueRate).toFixed(2)} |`,
      );
      console.log(
        `| end-to-end time for ${fmt(e2e.rows)} rows | ${e2e.seconds.toFixed(1)} s (target ≤ 30 s for 10M) |`,
      );
      console.log(`| peak RSS of the simulator process | ${Math.round(e2e.peakMb)} MB (target ≤ 1024 MB) |`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
