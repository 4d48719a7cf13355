// Queries of the Routes screen and a route's detail page.
import type { Workspace } from '../node/db.ts';
import { runQuery } from './sql-file.ts';
import { consumersById, lookup, type ConsumerRow } from './common.ts';
import { functionsById, keysById, routeRows, type FunctionRow, type KeyRow } from './rows.ts';
import { z } from 'zod';

/** The route table itself is a shared reader (rows.ts); the Routes screen reads it from here too. */
export { routeRows, type RouteRow } from './rows.ts';

const routeCountsRow = z.object({
  stage: z.enum(['all', 'prod', 'sandbox', 'staging']),
  routes: z.number(),
  hot_paths: z.number(),
  deprecated_paths: z.number(),
  agent_heavy_paths: z.number(),
});
/** v_route_counts: hot, deprecated and agent-heavy paths for 'all' and per stage. */
export type RouteCountsRow = z.infer<typeof routeCountsRow>;

const routeConsumerEdge = z.object({
  consumer_id: z.string(),
  key_id: z.string(),
  primary_caller_kind: z.string(),
  requests_per_day: z.number(),
  agent_share_pct: z.number().nullable(),
});
/** A consumer calling a route through one key (v_route_dependents), named. */
export type RouteConsumerRow = z.infer<typeof routeConsumerEdge> & { consumer: ConsumerRow; key: KeyRow };

const functionIdRow = z.object({ function_id: z.string() });

const routeTrafficDayRow = z.object({
  day: z.string(),
  requests: z.number(),
  errors: z.number(),
  requests_assistant: z.number(),
});
/** A route's traffic on one day. */
export type RouteTrafficDayRow = z.infer<typeof routeTrafficDayRow>;

const routeLatencyDayRow = z.object({
  day: z.string(),
  p50_ms: z.number(),
  p99_ms: z.number(),
});
/** A route's latency on one sampled day. */
export type RouteLatencyDayRow = z.infer<typeof routeLatencyDayRow>;

/** Hot, deprecated and agent-heavy path counts. */
export const routeCounts = (db?: Workspace) => runQuery(routeCountsRow, 'routes', 'route_counts', {}, db);
/** Every route id (for getStaticPaths). */
export const routeIds = async (db?: Workspace) => (await routeRows(db)).map((r) => r.route_id);
/** One route from the table, or undefined when there is no such route. */
export const routeDetail = async (routeId: string, db?: Workspace) =>
  (await routeRows(db)).find((r) => r.route_id === routeId);
/** The functions serving a route, with their measures. */
export async function routeFunctions(routeId: string, db?: Workspace): Promise<FunctionRow[]> {
  const ids = await runQuery(functionIdRow, 'routes', 'route_functions', { route_id: routeId }, db);
  const functions = await functionsById(db);
  return ids
    .map((r) => lookup(functions, r.function_id, 'function'))
    .sort((a, b) => b.invocations - a.invocations);
}

/** The consumers calling a route, named, with the key they call through. */
export async function routeConsumers(routeId: string, db?: Workspace): Promise<RouteConsumerRow[]> {
  const rows = await runQuery(routeConsumerEdge, 'routes', 'route_consumers', { route_id: routeId }, db);
  const consumers = await consumersById(db);
  const keys = await keysById(db);
  return rows.map((r) => ({
    ...r,
    consumer: lookup(consumers, r.consumer_id, 'consumer'),
    key: lookup(keys, r.key_id, 'key'),
  }));
}

/** A route's traffic per day. */
export const routeTrafficDaily = (routeId: string, db?: Workspace) =>
  runQuery(routeTrafficDayRow, 'routes', 'route_traffic_daily', { route_id: routeId }, db);
/** A route's latency per sampled day. */
export const routeLatencyDaily = (routeId: string, db?: Workspace) =>
  runQuery(routeLatencyDayRow, 'routes', 'route_latency_daily', { route_id: routeId }, db);

/** Everything a route's detail page shows; undefined when there is no such route. */
export async function routeDetailScreen(routeId: string, db?: Workspace) {
  const route = await routeDetail(routeId, db);
  if (!route) return undefined;
  return {
    route,
    successor:
      route.successor_route_id === null ? undefined : await routeDetail(route.successor_route_id, db),
    functions: await routeFunctions(routeId, db),
    consumers: await routeConsumers(routeId, db),
    traffic: await routeTrafficDaily(routeId, db),
    latency: await routeLatencyDaily(routeId, db),
  };
}
