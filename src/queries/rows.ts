// The registry rows several screens read: every key, route and function with its measures and
// blast score. Screen modules (keys.ts, routes.ts, functions.ts) import these readers, never each
// other, so the query modules form no import circle.
import type { Workspace } from '../node/db.ts';
import { runQuery } from './sql-file.ts';
import { z } from 'zod';

/** Environments in the order the Keys screen separates them. */
export const keyEnvironments = ['production', 'sandbox', 'staging'] as const;

/** A key's environment. */
export type KeyEnvironment = (typeof keyEnvironments)[number];

const keyRow = z.object({
  key_id: z.string(),
  name: z.string(),
  environment: z.enum(keyEnvironments),
  status: z.enum(['active', 'expiring', 'revoked', 'rotated']),
  plan: z.string(),
  rpm_budget: z.number(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  rotated_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  key_prefix: z.string(),
  key_last4: z.string(),
  days_since_used: z.number().nullable(),
  is_unused: z.boolean(),
  dependents: z.number(),
  requests_per_day: z.number(),
  routes: z.number(),
  scopes: z.array(z.string()),
  blast_score: z.number(),
  is_high_blast: z.boolean(),
  blast_reason: z.string(),
  /** Keys in this key's environment, and how many of them are unused or a rotation risk. */
  environment_keys: z.number(),
  environment_unused_keys: z.number(),
  environment_rotation_risk_keys: z.number(),
});
/** One key of the registry (v_key_stats with its v_blast_score). Timestamps as 'YYYY-MM-DD HH:MM:SS'. */
export type KeyRow = z.infer<typeof keyRow>;

const routeRow = z.object({
  route_id: z.string(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string(),
  api_version: z.string(),
  stage: z.enum(['prod', 'sandbox', 'staging']),
  deprecated: z.boolean(),
  requests_per_day: z.number(),
  error_pct: z.number().nullable(),
  p99_ms: z.number().nullable(),
  agent_share_pct: z.number().nullable(),
  dependents: z.number(),
  functions: z.number(),
  is_hot_path: z.boolean(),
  is_agent_heavy: z.boolean(),
  deprecated_at: z.string().nullable(),
  sunset_at: z.string().nullable(),
  successor_route_id: z.string().nullable(),
  requests_total: z.number(),
  blast_score: z.number(),
  is_high_blast: z.boolean(),
  blast_reason: z.string(),
});
/** One published route (v_route_stats with its v_blast_score). */
export type RouteRow = z.infer<typeof routeRow>;

const functionRow = z.object({
  function_id: z.string(),
  name: z.string(),
  runtime: z.enum(['node', 'python', 'go', 'edge']),
  region: z.string(),
  route_id: z.string(),
  route_method: z.string(),
  route_path: z.string(),
  route_stage: z.string(),
  /** By the one rule: the worse of its figures and the alerts naming it (v_function_status). */
  status: z.enum(['healthy', 'degraded', 'erroring']),
  /** What decides the status: the alerts naming it, then its figures over the period. */
  status_reason: z.string(),
  /** Not healthy: the Overview's "Healthy functions" card lists these. */
  needs_attention: z.boolean(),
  invocations: z.number(),
  cold_starts: z.number(),
  cold_pct: z.number().nullable(),
  errors: z.number(),
  error_pct: z.number().nullable(),
  p99_ms: z.number().nullable(),
  is_cold_heavy: z.boolean(),
  blast_score: z.number(),
  is_high_blast: z.boolean(),
  blast_reason: z.string(),
});
/** One deployed function (v_function_stats with its route, v_function_status and v_blast_score). */
export type FunctionRow = z.infer<typeof functionRow>;

/** Every key, highest blast first. */
export const keyRows = (db?: Workspace) => runQuery(keyRow, 'keys', 'key_rows', {}, db);
/** Every route, busiest first. */
export const routeRows = (db?: Workspace) => runQuery(routeRow, 'routes', 'route_rows', {}, db);
/** Every function, highest blast first. */
export const functionRows = (db?: Workspace) => runQuery(functionRow, 'functions', 'function_rows', {}, db);

/** Every key by id, for naming the keys a page lists. */
export const keysById = async (db?: Workspace) => new Map((await keyRows(db)).map((k) => [k.key_id, k]));
/** Every route by id, for naming the routes a page lists. */
export const routesById = async (db?: Workspace) =>
  new Map((await routeRows(db)).map((r) => [r.route_id, r]));
/** Every function by id, for naming the functions a page lists. */
export const functionsById = async (db?: Workspace) =>
  new Map((await functionRows(db)).map((f) => [f.function_id, f]));
