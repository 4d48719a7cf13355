// Row shapes of the world: each field is a column of the matching table in simulator/sql/tables/
// (dates as ISO strings), except a key's `material`, which the writer hashes and never stores.

import type { CallerKind } from '../../src/lib/caller-kind.ts';

/** Who mostly drives a request: the one type, from the User-Agent classifier. */
export type { CallerKind };
/** Plans a key or consumer can be on. */
export type PlanName = 'Internal' | 'Sandbox' | 'Growth' | 'Enterprise';
/** Where a key may be used. */
export type Environment = 'production' | 'sandbox' | 'staging';
/** Where a route is published. */
export type Stage = 'prod' | 'sandbox' | 'staging';
/** HTTP methods a route may have. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A row of `plans`. */
export interface PlanRow {
  plan: PlanName;
  default_rpm_budget: number;
  quota_requests_per_period: number;
}

/** A row of `consumers`. */
export interface ConsumerRow {
  consumer_id: string;
  name: string;
  consumer_type: 'team' | 'customer';
  plan: PlanName;
  quota_requests_per_period: number;
  primary_caller_kind: CallerKind;
}

/** A row of `keys`, carrying the secret material instead of its hash. */
export interface KeyRow {
  key_id: string;
  name: string;
  environment: Environment;
  status: 'active' | 'expiring' | 'revoked' | 'rotated';
  plan: PlanName;
  rpm_budget: number;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  rotated_at: string | null;
  last_used_at: string | null;
  material: string;
  key_prefix: string;
  key_last4: string;
}

/** A row of `consumer_keys`. */
export interface ConsumerKeyRow {
  consumer_id: string;
  key_id: string;
}

/** A row of `routes`. */
export interface RouteRow {
  route_id: string;
  method: Method;
  path: string;
  api_version: 'v1' | 'v2' | 'v3';
  stage: Stage;
  deprecated: boolean;
  deprecated_at: string | null;
  sunset_at: string | null;
  successor_route_id: string | null;
}

/** A row of `functions`. */
export interface FunctionRow {
  function_id: string;
  name: string;
  runtime: 'node' | 'python' | 'go' | 'edge';
  region: string;
  route_id: string;
  status: 'healthy' | 'degraded' | 'erroring';
}

/** A row of `route_functions`. */
export interface RouteFunctionRow {
  route_id: string;
  function_id: string;
}

/** A row of `consumer_routes`. */
export interface ConsumerRouteRow {
  consumer_id: string;
  route_id: string;
  key_id: string;
}

/** A row of `customers`. */
export interface CustomerRow {
  customer_id: string;
  name: string;
}

/** A row of `skus`. */
export interface SkuRow {
  sku: string;
  name: string;
  unit_price_cents: number;
}

/** Every entity of a workspace: pure data, rebuilt identically from the same config. */
export interface World {
  plans: PlanRow[];
  consumers: ConsumerRow[];
  keys: KeyRow[];
  consumerKeys: ConsumerKeyRow[];
  routes: RouteRow[];
  functions: FunctionRow[];
  routeFunctions: RouteFunctionRow[];
  consumerRoutes: ConsumerRouteRow[];
  customers: CustomerRow[];
  skus: SkuRow[];
}
