// The schema's tables as TypeScript (same column names; dates and timestamps as ISO strings), the
// fixture shape and the insert order. Dimension rows are the simulator's own (simulator/world/
// types.ts); the fact tables, which the simulator appends without row objects, are declared here.

import { schemaTables } from '../../simulator/sql/apply.ts';
import type {
  ConsumerKeyRow,
  ConsumerRouteRow,
  ConsumerRow,
  CustomerRow,
  FunctionRow,
  PlanRow,
  RouteFunctionRow,
  RouteRow,
  SkuRow,
  KeyRow as WorldKeyRow,
} from '../../simulator/world/types.ts';

import type { ThresholdsRow } from '../../src/queries/common.ts';

export type { ConsumerRow, FunctionRow, PlanRow, RouteRow, ThresholdsRow };

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
/** The world's key as stored: its hash and never its material. */
export type KeyRow = Omit<WorldKeyRow, 'material'> & { key_hash_sha256: string };
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
  consumer_keys?: ConsumerKeyRow[];
  routes?: RouteRow[];
  functions?: FunctionRow[];
  route_functions?: RouteFunctionRow[];
  consumer_routes?: ConsumerRouteRow[];
  customers?: CustomerRow[];
  skus?: SkuRow[];
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
