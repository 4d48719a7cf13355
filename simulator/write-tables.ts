// The non-streamed tables: the world's entities and, per day, the small facts.
import { createHash } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import { appendRows, type PlainRow } from './append.ts';
import { simulatorVersion, type SimConfig } from './config.ts';
import { sourcesDigest } from './sources.ts';
import { isoDay } from './rng.ts';
import type { DayTraffic } from './traffic/day.ts';
import type { TrafficModel } from './traffic/model.ts';
import type { World } from './world/types.ts';

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

/** Appends the world's tables: thresholds, workspace and every entity (key material hashed). */
export async function writeWorld(
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
      sources_sha256: sourcesDigest(),
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

/** Appends one simulated day's facts (all but the log sample) and advances the quota totals. */
export async function writeDay(
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
