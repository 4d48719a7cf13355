// Queries of the Routes screen and a route's detail page.
import type { Workspace } from '../node/db.ts';
import { runQuery } from './sql-file.ts';
import { consumersById, lookup, type ConsumerRow } from './common.ts';
import { functionsById, keysById, routeRows, type FunctionRow, type KeyRow } from './rows.ts';

/** The route table itself is a shared reader (rows.ts); the Routes screen reads it from here too. */
export { routeRows, type RouteRow } from './rows.ts';

/** v_route_counts: hot, deprecated and agent-heavy paths for 'all' and per stage. */
export interface RouteCountsRow {
  stage: 'all' | 'prod' | 'sandbox' | 'staging';
  routes: number;
  hot_paths: number;
  deprecated_paths: number;
  agent_heavy_paths: number;
}

/** A consumer calling a route through one key (v_route_dependents), named. */
export interface RouteConsumerRow {
  consumer_id: string;
  key_id: string;
  primary_caller_kind: string;
  requests_per_day: number;
  agent_share_pct: number | null;
  consumer: ConsumerRow;
  key: KeyRow;
}

/** A route's traffic on one day. */
export interface RouteTrafficDayRow {
  day: string;
  requests: number;
  errors: number;
  requests_assistant: number;
}

/** A route's latency on one sampled day. */
export interface RouteLatencyDayRow {
  day: string;
  p50_ms: number;
  p99_ms: number;
}

/** Hot, deprecated and agent-heavy path counts. */
export const routeCounts = (db?: Workspace) => runQuery<RouteCountsRow>('routes', 'route_counts', {}, db);
/** Every route id (for getStaticPaths). */
export const routeIds = async (db?: Workspace) => (await routeRows(db)).map((r) => r.route_id);
/** One route from the table, or undefined when there is no such route. */
export const routeDetail = async (routeId: string, db?: Workspace) =>
  (await routeRows(db)).find((r) => r.route_id === routeId);
/** The functions serving a route, with their measures. */
export async function routeFunctions(routeId: string, db?: Workspace): Promise<FunctionRow[]> {
  const ids = await runQuery<{ function_id: string }>('routes', 'route_functions', { route_id: routeId }, db);
  const functions = await functionsById(db);
  return ids
    .map((r) => lookup(functions, r.function_id, 'function'))
    .sort((a, b) => b.invocations - a.invocations);
}

/** The consumers calling a route, named, with the key they call through. */
export async function routeConsumers(routeId: string, db?: Workspace): Promise<RouteConsumerRow[]> {
  type Edge = Omit<RouteConsumerRow, 'consumer' | 'key'>;
  const rows = await runQuery<Edge>('routes', 'route_consumers', { route_id: routeId }, db);
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
  runQuery<RouteTrafficDayRow>('routes', 'route_traffic_daily', { route_id: routeId }, db);
/** A route's latency per sampled day. */
export const routeLatencyDaily = (routeId: string, db?: Workspace) =>
  runQuery<RouteLatencyDayRow>('routes', 'route_latency_daily', { route_id: routeId }, db);

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
