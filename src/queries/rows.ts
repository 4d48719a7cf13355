// The registry rows several screens read: every key, route and function with its measures and
// blast score. Screen modules (keys.ts, routes.ts, functions.ts) import these readers, never each
// other, so the query modules form no import circle.
import type { Workspace } from '../lib/db.ts';
import { runQuery } from './sql-file.ts';

/** Environments in the order the Keys screen separates them. */
export const keyEnvironments = ['production', 'sandbox', 'staging'] as const;

/** A key's environment. */
export type KeyEnvironment = (typeof keyEnvironments)[number];

/** One key of the registry (v_key_stats with its v_blast_score). Timestamps as 'YYYY-MM-DD HH:MM:SS'. */
export interface KeyRow {
  key_id: string;
  name: string;
  environment: KeyEnvironment;
  status: 'active' | 'expiring' | 'revoked' | 'rotated';
  plan: string;
  rpm_budget: number;
  created_at: string;
  expires_at: string | null;
  rotated_at: string | null;
  last_used_at: string | null;
  key_prefix: string;
  key_last4: string;
  days_since_used: number | null;
  is_unused: boolean;
  dependents: number;
  requests_per_day: number;
  routes: number;
  scopes: string[];
  blast_score: number;
  is_high_blast: boolean;
  blast_reason: string;
  /** Keys in this key's environment, and how many of them are unused or a rotation risk. */
  environment_keys: number;
  environment_unused_keys: number;
  environment_rotation_risk_keys: number;
}

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
  deprecated_at: string | null;
  sunset_at: string | null;
  successor_route_id: string | null;
  requests_total: number;
  blast_score: number;
  is_high_blast: boolean;
  blast_reason: string;
}

/** One deployed function (v_function_stats with its route, v_function_status and v_blast_score). */
export interface FunctionRow {
  function_id: string;
  name: string;
  runtime: 'node' | 'python' | 'go' | 'edge';
  region: string;
  route_id: string;
  route_method: string;
  route_path: string;
  route_stage: string;
  /** By the one rule: the worse of its figures and the alerts naming it (v_function_status). */
  status: 'healthy' | 'degraded' | 'erroring';
  /** What decides the status: the alerts naming it, then its figures over the period. */
  status_reason: string;
  /** Not healthy: the Overview's "Healthy functions" card lists these. */
  needs_attention: boolean;
  invocations: number;
  cold_starts: number;
  cold_pct: number | null;
  errors: number;
  error_pct: number | null;
  p99_ms: number | null;
  is_cold_heavy: boolean;
  blast_score: number;
  is_high_blast: boolean;
  blast_reason: string;
}

/** Every key, highest blast first. */
export const keyRows = (db?: Workspace) => runQuery<KeyRow>('keys', 'key_rows', {}, db);
/** Every route, busiest first. */
export const routeRows = (db?: Workspace) => runQuery<RouteRow>('routes', 'route_rows', {}, db);
/** Every function, highest blast first. */
export const functionRows = (db?: Workspace) => runQuery<FunctionRow>('functions', 'function_rows', {}, db);

/** Every key by id, for naming the keys a page lists. */
export const keysById = async (db?: Workspace) => new Map((await keyRows(db)).map((k) => [k.key_id, k]));
/** Every route by id, for naming the routes a page lists. */
export const routesById = async (db?: Workspace) =>
  new Map((await routeRows(db)).map((r) => [r.route_id, r]));
/** Every function by id, for naming the functions a page lists. */
export const functionsById = async (db?: Workspace) =>
  new Map((await functionRows(db)).map((f) => [f.function_id, f]));
