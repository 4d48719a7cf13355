// Queries of the Functions screen and a function's detail page.
import type { Workspace } from '../lib/db.ts';
import { runMaybe, runQuery } from './sql-file.ts';

/** One deployed function (v_function_stats with its route and v_blast_score). */
export interface FunctionRow {
  function_id: string;
  name: string;
  runtime: 'node' | 'python' | 'go' | 'edge';
  region: string;
  route_id: string;
  route_method: string;
  route_path: string;
  route_stage: string;
  status: 'healthy' | 'degraded' | 'erroring';
  invocations: number;
  cold_starts: number;
  cold_pct: number | null;
  errors: number;
  error_pct: number | null;
  p99_ms: number | null;
  is_cold_heavy: boolean;
  blast_score: number;
  is_high_blast: boolean;
}

/** One function with why its blast score ranks. */
export interface FunctionDetailRow extends FunctionRow {
  blast_reason: string;
}

/** A route a function serves. */
export interface FunctionRouteRow {
  route_id: string;
  method: string;
  path: string;
  stage: string;
  requests_per_day: number;
  p99_ms: number | null;
  error_pct: number | null;
  is_backed_route: boolean;
}

/** A consumer behind a function, through one route (v_function_dependents). */
export interface FunctionConsumerRow {
  consumer_id: string;
  name: string;
  consumer_type: string;
  route_id: string;
  method: string;
  path: string;
  requests_per_day: number;
}

/** A function's invocations on one day (v_function_daily). */
export interface FunctionDayRow {
  day: string;
  invocations: number;
  cold_starts: number;
  errors: number;
  p99_ms: number;
}

/** Every function, highest blast first. */
export const functionRows = (db?: Workspace) => runQuery<FunctionRow>('functions', 'function_rows', {}, db);
/** Every function id (for getStaticPaths). */
export const functionIds = async (db?: Workspace) =>
  (await runQuery<{ function_id: string }>('functions', 'function_ids', {}, db)).map((r) => r.function_id);
/** One function, or undefined. */
export const functionDetail = (functionId: string, db?: Workspace) =>
  runMaybe<FunctionDetailRow>('functions', 'function_detail', { function_id: functionId }, db);
/** The routes a function serves. */
export const functionRoutes = (functionId: string, db?: Workspace) =>
  runQuery<FunctionRouteRow>('functions', 'function_routes', { function_id: functionId }, db);
/** The consumers behind a function. */
export const functionConsumers = (functionId: string, db?: Workspace) =>
  runQuery<FunctionConsumerRow>('functions', 'function_consumers', { function_id: functionId }, db);
/** A function's invocations per day. */
export const functionDaily = (functionId: string, db?: Workspace) =>
  runQuery<FunctionDayRow>('functions', 'function_daily', { function_id: functionId }, db);

/** Everything a function's detail page shows; undefined when there is no such function. */
export async function functionDetailScreen(functionId: string, db?: Workspace) {
  const fn = await functionDetail(functionId, db);
  if (!fn) return undefined;
  return {
    fn,
    routes: await functionRoutes(functionId, db),
    consumers: await functionConsumers(functionId, db),
    daily: await functionDaily(functionId, db),
  };
}
