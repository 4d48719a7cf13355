// Queries of the Routes screen and a route's detail page.
import type { Workspace } from '../lib/db.ts';
import { runMaybe, runQuery } from './sql-file.ts';

/** One published route (v_route_stats with its v_blast_score). */
export interface RouteRow {
  route_id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  api_version: string;
  stage: 'prod' | 'sandbox' | 'staging';
  deprecated: boolean;
  requests_per_day: number;
  error_pct: number | null;
  p99_ms: number | null;
  agent_share_pct: number | null;
  dependents: number;
  functions: number;
  is_hot_path: boolean;
  is_agent_heavy: boolean;
  blast_score: number;
  is_high_blast: boolean;
}

/** v_route_counts: hot, deprecated and agent-heavy paths for 'all' and per stage. */
export interface RouteCountsRow {
  stage: 'all' | 'prod' | 'sandbox' | 'staging';
  routes: number;
  hot_paths: number;
  deprecated_paths: number;
  agent_heavy_paths: number;
}

/** One route with its lifecycle, successor and why its blast score ranks. */
export interface RouteDetailRow extends RouteRow {
  deprecated_at: string | null;
  sunset_at: string | null;
  successor_route_id: string | null;
  successor_method: string | null;
  successor_path: string | null;
  requests_total: number;
  blast_reason: string;
}

/** A function serving a route (v_function_stats). */
export interface RouteFunctionRow {
  function_id: string;
  name: string;
  runtime: string;
  region: string;
  status: string;
  invocations: number;
  cold_pct: number | null;
  p99_ms: number | null;
  errors: number;
  is_cold_heavy: boolean;
}

/** A consumer calling a route through one key (v_route_dependents). */
export interface RouteConsumerRow {
  consumer_id: string;
  name: string;
  consumer_type: string;
  primary_caller_kind: string;
  key_id: string;
  key_name: string;
  key_prefix: string;
  key_last4: string;
  key_environment: string;
  requests_per_day: number;
  agent_share_pct: number | null;
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

/** Every route, busiest first. */
export const routeRows = (db?: Workspace) => runQuery<RouteRow>('routes', 'route_rows', {}, db);
/** Hot, deprecated and agent-heavy path counts. */
export const routeCounts = (db?: Workspace) => runQuery<RouteCountsRow>('routes', 'route_counts', {}, db);
/** Every route id (for getStaticPaths). */
export const routeIds = async (db?: Workspace) =>
  (await runQuery<{ route_id: string }>('routes', 'route_ids', {}, db)).map((r) => r.route_id);
/** One route, or undefined. */
export const routeDetail = (routeId: string, db?: Workspace) =>
  runMaybe<RouteDetailRow>('routes', 'route_detail', { route_id: routeId }, db);
/** The functions serving a route. */
export const routeFunctions = (routeId: string, db?: Workspace) =>
  runQuery<RouteFunctionRow>('routes', 'route_functions', { route_id: routeId }, db);
/** The consumers calling a route. */
export const routeConsumers = (routeId: string, db?: Workspace) =>
  runQuery<RouteConsumerRow>('routes', 'route_consumers', { route_id: routeId }, db);
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
    functions: await routeFunctions(routeId, db),
    consumers: await routeConsumers(routeId, db),
    traffic: await routeTrafficDaily(routeId, db),
    latency: await routeLatencyDaily(routeId, db),
  };
}
