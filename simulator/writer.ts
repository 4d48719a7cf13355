// Writes a workspace file: the schema, every table through appenders (the log sample streamed in
// chunks), then the measure views. Atomic: it writes `<out>.tmp-<pid>` and renames it over `<out>`,
// so readers never see half a file and a failed run leaves the previous file intact.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { LogSampleAppender } from './append.ts';
import type { SimConfig } from './config.ts';
import { calendar, createRng, isoDay } from './rng.ts';
import { applySql } from './sql/apply.ts';
import { simulateDay } from './traffic/day.ts';
import { callerKinds, createLogBatch, sampleDay } from './traffic/log-sample.ts';
import { buildModel } from './traffic/model.ts';
import { countedByDay, sampleRate } from './traffic/period.ts';
import { userAgentList } from './traffic/user-agents.ts';
import { buildWorld } from './world/index.ts';
import { writeDay, writeWorld } from './write-tables.ts';

/** Progress after each simulated day. */
export interface WriteProgress {
  day: number;
  days: number;
  logRows: number;
}

/** What a finished run wrote. */
export interface WriteResult {
  out: string;
  logRows: number;
}

/** Simulates `config` into `out`, atomically. */
export async function writeWorkspace(
  config: SimConfig,
  out: string,
  onProgress: (p: WriteProgress) => void = () => {},
): Promise<WriteResult> {
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.tmp-${process.pid}`;
  const removeTmp = (): void => {
    rmSync(tmp, { force: true });
    rmSync(`${tmp}.wal`, { force: true });
    rmSync(`${tmp}.tmp`, { recursive: true, force: true });
  };
  removeTmp();
  try {
    // A small buffer pool and one thread keep the run under 1 GB at --scale 10 (docs/decisions.md).
    const instance = await DuckDBInstance.create(tmp, { memory_limit: '192MB', threads: '1' });
    const connection = await instance.connect();
    let logRows = 0;
    try {
      await applySql(connection, 'tables');
      logRows = await writeData(connection, config, onProgress);
      // The views build rollups over the whole log sample: a tighter pool makes DuckDB spill
      // to disk rather than grow the process.
      await connection.run("set memory_limit = '128MB'");
      await applySql(connection, 'views');
      await connection.run('checkpoint');
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    rmSync(`${tmp}.wal`, { force: true });
    rmSync(`${tmp}.tmp`, { recursive: true, force: true });
    renameSync(tmp, out);
    return { out, logRows };
  } catch (error) {
    removeTmp();
    throw error;
  }
}

async function writeData(
  connection: DuckDBConnection,
  config: SimConfig,
  onProgress: (p: WriteProgress) => void,
): Promise<number> {
  const cal = calendar(config.asOf, config.days);
  const world = buildWorld(config);
  await writeWorld(connection, config, world, isoDay(cal.periodStartMs));
  const model = buildModel(config, world);
  const counted = countedByDay(model, cal, createRng(config.seed, 'traffic/period'));
  const rate = sampleRate(model, config.days, config.scale);
  const logs = await LogSampleAppender.open(connection, {
    routeIds: world.routes.map((r) => r.route_id),
    keyIds: world.keys.map((k) => k.key_id),
    consumerIds: world.consumers.map((c) => c.consumer_id),
    callerKinds,
    userAgents: userAgentList,
  });
  const cumulative = world.consumers.map(() => 0);
  const batch = createLogBatch();
  for (const [d, dayMs] of cal.dayStarts.entries()) {
    const rng = createRng(config.seed, `traffic/day/${isoDay(dayMs)}`);
    const day = simulateDay(model, dayMs, counted[d] ?? [], rng);
    await writeDay(connection, world, model, day, cumulative);
    sampleDay(model, day, rate, createRng(config.seed, `traffic/log/${isoDay(dayMs)}`), batch, (full) =>
      logs.append(full),
    );
    logs.append(batch);
    batch.size = 0;
    await logs.endDay();
    onProgress({ day: d + 1, days: config.days, logRows: logs.rows });
  }
  await logs.close();
  return logs.rows;
}
