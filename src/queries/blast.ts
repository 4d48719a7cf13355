// Queries of the blast radius: a target's score and breakdown, and the what-if previews (rotate a
// key, throttle a key or consumer, retire a route, change a function). SQL lives in
// src/queries/sql/blast/*.sql, one query per file; every value is a bound parameter.
import { deprecationHeaders, type DeprecationHeaders } from '../api/deprecation.ts';
import type {
  DemandHistogram,
  DemandLevel,
  DemandStream,
  ThrottleRow,
} from '../components/blast/throttle-formula.ts';
import type { Workspace } from '../lib/db.ts';
import { runOne, runQuery } from './sql-file.ts';

/** A kind of blast target. */
export type TargetType = 'key' | 'route' | 'function';

/** A target's score with one `*_points` column per term of the formula (v_blast_score). */
export interface BlastScoreRow {
  target_type: TargetType;
  target_id: string;
  label: string;
  score: number;
  is_high_blast: boolean;
  is_rotation_risk: boolean;
  environment: string;
  environment_weight: number;
  dependents: number;
  slow_dependents: number;
  requests_per_day: number;
  pending_change: boolean;
  dependents_points: number;
  traffic_points: number;
  slow_callers_points: number;
  pending_change_points: number;
  reason: string;
}

/** The formula's constants (v_blast_constants), with the traffic cap and high-blast threshold. */
export interface BlastConstants {
  dependents_weight: number;
  dependents_scale: number;
  key_dependents_scale: number;
  traffic_weight: number;
  traffic_ref_per_day: number;
  slow_callers_weight: number;
  slow_callers_scale: number;
  pending_change_weight: number;
  pending_change_scale: number;
  production_weight: number;
  staging_weight: number;
  sandbox_weight: number;
  rotation_overlap_days: number;
  rotation_overlap_min_days: number;
  retire_notice_days: number;
  traffic_cap_per_day: number;
  high_blast_score: number;
}

/** Rotate-a-key summary (v_preview_rotate_key). */
export interface RotateSummary {
  key_id: string;
  label: string;
  environment: string;
  status: string;
  expires_at: string | null;
  consumers_to_switch: number;
  requests_per_day: number;
  automation_consumers: number;
  assistant_consumers: number;
  human_consumers: number;
  routes_reached: number;
  overlap_window_days: number;
  has_overlap_window: boolean;
  blast_score: number;
}

/** A consumer that must switch to the new key material. */
export interface RotateConsumer {
  consumer_id: string;
  name: string;
  primary_caller_kind: string;
  requests_per_day: number;
  routes: number;
  other_active_keys: number;
}

/** Retire-a-route summary (v_preview_retire_route), dates YYYY-MM-DD. */
export interface RetireSummary {
  route_id: string;
  label: string;
  stage: string;
  deprecated: boolean;
  deprecated_at: string;
  sunset_at: string;
  successor_route_id: string | null;
  successor_label: string | null;
  successor_path: string | null;
  dependents_calling: number;
  requests_per_day: number;
  agent_share_pct: number;
  automation_share_pct: number;
  functions_left_without_route: number;
  blast_score: number;
}

/** A consumer still calling a route. */
export interface RetireDependent {
  consumer_id: string;
  name: string;
  primary_caller_kind: string;
  key_ids: string;
  requests_per_day: number;
  agent_share_pct: number;
}

/** A function serving a route, and whether retiring the route leaves it without one. */
export interface RetireFunction {
  function_id: string;
  name: string;
  status: string;
  left_without_route: boolean;
}

/** Change-a-function summary (v_preview_change_function). */
export interface FunctionSummary {
  function_id: string;
  label: string;
  runtime: string;
  region: string;
  status: string;
  routes_served: number;
  requests_per_day: number;
  agent_share_pct: number;
  consumers: number;
  automation_consumers: number;
  assistant_consumers: number;
  blast_score: number;
}

/** A route a function serves. */
export interface FunctionRoute {
  route_id: string;
  label: string;
  stage: string;
  deprecated: boolean;
  dependents: number;
  requests_per_day: number;
}

/** A consumer behind a function's routes. */
export interface FunctionConsumer {
  consumer_id: string;
  name: string;
  primary_caller_kind: string;
  routes: number;
  requests_per_day: number;
}

/** The rotate what-if of one key. */
export interface RotatePreviewData {
  summary: RotateSummary;
  consumers: RotateConsumer[];
}

/** The retire what-if of one route, with the headers its callers receive once it is deprecated. */
export interface RetirePreviewData {
  summary: RetireSummary;
  dependents: RetireDependent[];
  functions: RetireFunction[];
  headers: DeprecationHeaders;
}

/** The change what-if of one function. */
export interface FunctionPreviewData {
  summary: FunctionSummary;
  routes: FunctionRoute[];
  consumers: FunctionConsumer[];
}

/** The throttle what-if's starting point: the current budget and the embeddable histogram. */
export interface ThrottleSetup {
  rpm_budget: number | null;
  histogram: DemandHistogram;
}

/** One target's blast score and breakdown; undefined for an unknown target. */
export async function blastScore(
  targetType: TargetType,
  targetId: string,
  db?: Workspace,
): Promise<BlastScoreRow | undefined> {
  const rows = await runQuery<BlastScoreRow>(
    'blast',
    'score',
    { target_type: targetType, target_id: targetId },
    db,
  );
  return rows[0];
}

/** The formula's constants. */
export async function blastConstants(db?: Workspace): Promise<BlastConstants> {
  return runOne<BlastConstants>('blast', 'constants', {}, db);
}

/** Rotate-a-key what-if; undefined for an unknown key. */
export async function rotatePreview(keyId: string, db?: Workspace): Promise<RotatePreviewData | undefined> {
  const [summary] = await runQuery<RotateSummary>('blast', 'rotate_key', { key_id: keyId }, db);
  if (!summary) return undefined;
  const consumers = await runQuery<RotateConsumer>('blast', 'rotate_key_consumers', { key_id: keyId }, db);
  return { summary, consumers };
}

/** Where callers of a deprecated route read about it: its page in the console. */
export function deprecationInfoUrl(routeId: string): string {
  return `/app/api/routes/${routeId}`;
}

/** Retire-a-route what-if; undefined for an unknown route. */
export async function retirePreview(routeId: string, db?: Workspace): Promise<RetirePreviewData | undefined> {
  const [summary] = await runQuery<RetireSummary>('blast', 'retire_route', { route_id: routeId }, db);
  if (!summary) return undefined;
  const dependents = await runQuery<RetireDependent>(
    'blast',
    'retire_route_dependents',
    { route_id: routeId },
    db,
  );
  const functions = await runQuery<RetireFunction>(
    'blast',
    'retire_route_functions',
    { route_id: routeId },
    db,
  );
  const headers = deprecationHeaders({
    deprecatedAt: summary.deprecated_at,
    sunsetAt: summary.sunset_at,
    successor: summary.successor_path,
    infoUrl: deprecationInfoUrl(routeId),
  });
  return { summary, dependents, functions, headers };
}

/** Change-a-function what-if; undefined for an unknown function. */
export async function functionPreview(
  functionId: string,
  db?: Workspace,
): Promise<FunctionPreviewData | undefined> {
  const [summary] = await runQuery<FunctionSummary>(
    'blast',
    'change_function',
    { function_id: functionId },
    db,
  );
  if (!summary) return undefined;
  const routes = await runQuery<FunctionRoute>(
    'blast',
    'change_function_routes',
    { function_id: functionId },
    db,
  );
  const consumers = await runQuery<FunctionConsumer>(
    'blast',
    'change_function_consumers',
    { function_id: functionId },
    db,
  );
  return { summary, routes, consumers };
}

/** Throttle what-if: predicted 429s per consumer × key of a key or consumer at `rpm` (the SQL macro). */
export function throttlePreview(targetId: string, rpm: number, db?: Workspace): Promise<ThrottleRow[]> {
  if (!Number.isInteger(rpm) || rpm < 0)
    throw new Error(`throttle: rpm must be a whole number ≥ 0, got ${rpm}`);
  return runQuery<ThrottleRow>('blast', 'throttle', { target_id: targetId, rpm }, db);
}

/** Throttle what-if's headline: predicted 429s per day over every stream at `rpm` (the SQL macro). */
export async function throttleTotal(targetId: string, rpm: number, db?: Workspace): Promise<number> {
  if (!Number.isInteger(rpm) || rpm < 0)
    throw new Error(`throttle: rpm must be a whole number ≥ 0, got ${rpm}`);
  const row = await runOne<{ throttled_per_day: number }>(
    'blast',
    'throttle_total',
    { target_id: targetId, rpm },
    db,
  );
  return row.throttled_per_day;
}

/** The current budget and demand histogram of a key or consumer, to embed in the page. */
export async function throttleSetup(targetId: string, db?: Workspace): Promise<ThrottleSetup> {
  const params = { target_id: targetId };
  const target = await runOne<{ rpm_budget: number | null; days: number }>(
    'blast',
    'throttle_target',
    params,
    db,
  );
  const streams = await runQuery<DemandStream>('blast', 'throttle_streams', params, db);
  const levels = await runQuery<DemandLevel>('blast', 'throttle_levels', params, db);
  return {
    rpm_budget: target.rpm_budget ?? null,
    histogram: { target_id: targetId, days: target.days, streams, levels },
  };
}

/** The deprecation headers of a deprecated prod route (e.g. POST /v1/orders); undefined when none. */
export async function deprecatedRouteHeaders(
  method: string,
  path: string,
  db?: Workspace,
): Promise<DeprecationHeaders | undefined> {
  const [row] = await runQuery<{
    route_id: string;
    deprecated_at: string;
    sunset_at: string | null;
    successor_path: string | null;
  }>('blast', 'deprecated_route', { method, path }, db);
  if (!row) return undefined;
  return deprecationHeaders({
    deprecatedAt: row.deprecated_at,
    sunsetAt: row.sunset_at,
    successor: row.successor_path,
    infoUrl: deprecationInfoUrl(row.route_id),
  });
}
