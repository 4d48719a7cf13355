// Writes a workspace file: the schema, every table through appenders (the log sample streamed in
// chunks), then the measure views. Atomic: it writes `<out>.tmp-<pid>` and renames it over `<out>`,
// so readers never see half a file and a failed run leaves the previous file intact.
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { appendRows, LogSampleAppender, type PlainRow } from './append.ts';
import { simulatorVersion, type SimConfig } from './config.ts';
import { calendar, createRng, isoDay } from './rng.ts';
import { applySql } from './sql/apply.ts';
import { simulateDay, type DayTraffic } from './traffic/day.ts';
import { callerKinds, createLogBatch, sampleDay } from './traffic/log-sample.ts';
import { buildModel, type TrafficModel } from './traffic/model.ts';
import { countedByDay, sampleRate } from './traffic/period.ts';
import { userAgentList } from './traffic/user-agents.ts';
import { buildWorld } from './world/index.ts';
import type { World } from './world/types.ts';

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

/** The thresholds row: the spec's six plus our agent-heavy share (docs/decisions.md). */
export const thresholds = {
  quota_risk_pct: 80,
  hot_path_requests_per_day: 200_000,
  cold_heavy_pct: 5,
  high_blast_score: 55,
  unused_key_days: 30,
  availability_target_pct: 99.9,
  agent_heavy_share_pct: 25,
};

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
  };
  removeTmp();
  try {
    // A small buffer pool and two threads keep the run under 1 GB at --scale 10 (docs/decisions.md).
    const instance = await DuckDBInstance.create(tmp, { memory_limit: '192MB', threads: '2' });
    const connection = await instance.connect();
    let logRows = 0;
    try {
      await applySql(connection, 'tables');
      logRows = await writeData(connection, config, onProgress);
      await applySql(connection, 'views');
      await connection.run('checkpoint');
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    rmSync(`${tmp}.wal`, { force: true });
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

async function writeWorld(
  connection: DuckDBConnection,
  config: SimConfig,
  world: World,
  periodStart: string,
): Promise<void> {
  await appendRows(connection, 'thresholds', [thresholds]);
  await appendRows(connection, 'workspace', [
    {
      seed: config.seed,
      as_of: config.asOf,
      days: config.days,
      scale: config.scale,
      period_start: periodStart,
      simulator_version: simulatorVersion,
    },
  ]);
  await appendRows(connection, 'plans', world.plans as unknown as PlainRow[]);
  await appendRows(connection, 'consumers', world.consumers as unknown as PlainRow[]);
  await appendRows(
    connection,
    'keys',
    world.keys.map(({ material, ...key }) => ({
      ...key,
      key_hash_sha256: createHash('sha256').update(material).digest('hex'),
    })),
  );
  await appendRows(connection, 'consumer_keys', world.consumerKeys as unknown as PlainRow[]);
  // Successors in a first append, so the self-reference holds when the deprecated routes arrive.
  await appendRows(
    connection,
    'routes',
    world.routes.filter((r) => r.successor_route_id === null) as unknown as PlainRow[],
  );
  await appendRows(
    connection,
    'routes',
    world.routes.filter((r) => r.successor_route_id !== null) as unknown as PlainRow[],
  );
  await appendRows(connection, 'functions', world.functions as unknown as PlainRow[]);
  await appendRows(connection, 'route_functions', world.routeFunctions as unknown as PlainRow[]);
  await appendRows(connection, 'consumer_routes', world.consumerRoutes as unknown as PlainRow[]);
  await appendRows(connection, 'customers', world.customers as unknown as PlainRow[]);
  await appendRows(connection, 'skus', world.skus as unknown as PlainRow[]);
}

async function writeDay(
  connection: DuckDBConnection,
  world: World,
  model: TrafficModel,
  day: DayTraffic,
  cumulative: number[],
): Promise<void> {
  const date = isoDay(day.dayMs);
  const routeId = (i: number): string => world.routes[i]?.route_id ?? '';
  const keyId = (i: number): string => world.keys[i]?.key_id ?? '';
  const consumerId = (i: number): string => world.consumers[i]?.consumer_id ?? '';
  await appendRows(
    connection,
    'traffic_daily',
    day.cells.map((c) => ({
      day: date,
      route_id: routeId(c.routeIndex),
      consumer_id: consumerId(c.consumerIndex),
      key_id: keyId(c.keyIndex),
      requests: c.requests,
      requests_human: c.human,
      requests_automation: c.automation,
      requests_assistant: c.assistant,
      status_2xx: c.s2xx,
      status_3xx: c.s3xx,
      status_4xx: c.s4xx,
      status_5xx: c.s5xx,
      throttled_429: c.throttled,
    })),
  );
  await appendRows(
    connection,
    'key_demand_minute',
    day.lanes.flatMap((lane) =>
      lane.histogram.map(([rpm, minutes]) => ({
        day: date,
        key_id: keyId(lane.keyIndex),
        consumer_id: consumerId(lane.consumerIndex),
        requests_per_minute: rpm,
        minutes,
      })),
    ),
  );
  await appendRows(
    connection,
    'quota_daily',
    model.consumers.map((c) => {
      const counted = day.counted[c.consumerIndex] ?? 0;
      cumulative[c.consumerIndex] = (cumulative[c.consumerIndex] ?? 0) + counted;
      return {
        day: date,
        consumer_id: c.consumer.consumer_id,
        requests_counted: counted,
        cumulative_requests: cumulative[c.consumerIndex],
      };
    }),
  );
  await appendRows(
    connection,
    'function_daily',
    day.functions.map((f) => ({
      day: date,
      function_id: world.functions[f.functionIndex]?.function_id,
      invocations: f.invocations,
      cold_starts: f.coldStarts,
      errors: f.errors,
      p99_ms: f.p99Ms,
    })),
  );
}
