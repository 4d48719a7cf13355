// The schema's tables as TypeScript: one row interface per table of simulator/sql/tables (same
// column names; dates and timestamps as ISO strings), the fixture shape and the insert order.

import { schemaTables } from '../../simulator/sql/apply.ts';

/** A thresholds row. */
export interface ThresholdsRow {
  quota_risk_pct: number;
  hot_path_requests_per_day: number;
  cold_heavy_pct: number;
  high_blast_score: number;
  unused_key_days: number;
  availability_target_pct: number;
  agent_heavy_share_pct: number;
}
/** A workspace row. */
export interface WorkspaceRow {
  seed: string;
  as_of: string;
  days: number;
  scale: number;
  period_start: string;
  simulator_version: string;
  sources_sha256: string;
}
/** A plans row. */
export interface PlanRow {
  plan: string;
  default_rpm_budget: number;
  quota_requests_per_period: number;
}
/** A consumers row. */
export interface ConsumerRow {
  consumer_id: string;
  name: string;
  consumer_type: string;
  plan: string;
  quota_requests_per_period: number;
  primary_caller_kind: string;
}
/** A keys row. */
export interface KeyRow {
  key_id: string;
  name: string;
  environment: string;
  status: string;
  plan: string;
  rpm_budget: number;
  scopes: readonly string[];
  created_at: string;
  expires_at: string | null;
  rotated_at: string | null;
  last_used_at: string | null;
  key_hash_sha256: string;
  key_prefix: string;
  key_last4: string;
}
/** A routes row. */
export interface RouteRow {
  route_id: string;
  method: string;
  path: string;
  api_version: string;
  stage: string;
  deprecated: boolean;
  deprecated_at: string | null;
  sunset_at: string | null;
  successor_route_id: string | null;
}
/** A functions row. */
export interface FunctionRow {
  function_id: string;
  name: string;
  runtime: string;
  region: string;
  route_id: string;
  status: string;
}
/** A traffic_daily row. */
export interface TrafficRow {
  day: string;
  route_id: string;
  consumer_id: string;
  key_id: string;
  requests: number;
  requests_human: number;
  requests_automation: number;
  requests_assistant: number;
  status_2xx: number;
  status_3xx: number;
  status_4xx: number;
  status_5xx: number;
  throttled_429: number;
}
/** A log_sample row. */
export interface LogRow {
  ts: string;
  day: string;
  route_id: string;
  key_id: string;
  consumer_id: string;
  caller_kind: string;
  user_agent: string;
  status: number;
  edge_ms: number;
  origin_ms: number;
}
/** A quota_daily row. */
export interface QuotaRow {
  day: string;
  consumer_id: string;
  requests_counted: number;
  cumulative_requests: number;
}
/** A function_daily row. */
export interface FunctionDailyRow {
  day: string;
  function_id: string;
  invocations: number;
  cold_starts: number;
  errors: number;
  p99_ms: number;
}

/** Rows per table; every table optional. */
export interface FixtureRows {
  thresholds?: ThresholdsRow[];
  workspace?: WorkspaceRow[];
  plans?: PlanRow[];
  consumers?: ConsumerRow[];
  keys?: KeyRow[];
  consumer_keys?: { consumer_id: string; key_id: string }[];
  routes?: RouteRow[];
  functions?: FunctionRow[];
  route_functions?: { route_id: string; function_id: string }[];
  consumer_routes?: { consumer_id: string; route_id: string; key_id: string }[];
  customers?: { customer_id: string; name: string }[];
  skus?: { sku: string; name: string; unit_price_cents: number }[];
  traffic_daily?: TrafficRow[];
  log_sample?: LogRow[];
  quota_daily?: QuotaRow[];
  function_daily?: FunctionDailyRow[];
  key_demand_minute?: {
    day: string;
    key_id: string;
    consumer_id: string;
    requests_per_minute: number;
    minutes: number;
  }[];
}

/** A table name of the schema. */
export type TableName = keyof FixtureRows;

/** Tables in the order their files apply, so parents are inserted before children. */
export const tableOrder = schemaTables() as TableName[];
