// The minimal base fixture every view test extends, and row builders with defaults so a test
// spells out only the columns its case is about. Dates and timestamps are ISO strings.
import { thresholds } from '../../simulator/write-tables.ts';
import type {
  ConsumerRow,
  FixtureRows,
  FunctionRow,
  KeyRow,
  LogRow,
  RouteRow,
  TrafficRow,
} from './fixture-tables.ts';

export type * from './fixture-tables.ts';
export { tableOrder } from './fixture-tables.ts';

/** The base fixture's as-of date: the last simulated day is 2026-10-31. */
export const fixtureAsOf = '2026-11-01';
/** The base fixture's simulated days (10 keeps "per day" arithmetic easy: total / 10). */
export const fixtureDays = 10;

/**
 * The minimal fixture: the spec's thresholds (as the simulator writes them), a 10-day workspace
 * ending 2026-10-31, the four plans.
 */
export function baseFixture(): FixtureRows {
  return {
    thresholds: [{ ...thresholds }],
    workspace: [
      {
        seed: 'fixture',
        as_of: fixtureAsOf,
        days: fixtureDays,
        scale: 1,
        period_start: '2026-10-22',
        simulator_version: 'fixture',
        sources_sha256: 'fixture',
      },
    ],
    plans: [
      { plan: 'Internal', default_rpm_budget: 6000, quota_requests_per_period: 10_000_000 },
      { plan: 'Sandbox', default_rpm_budget: 60, quota_requests_per_period: 100_000 },
      { plan: 'Growth', default_rpm_budget: 600, quota_requests_per_period: 1_000_000 },
      { plan: 'Enterprise', default_rpm_budget: 3000, quota_requests_per_period: 5_000_000 },
    ],
  };
}

/** A route row: prod GET, not deprecated, unless overridden. */
export function route(fields: Partial<RouteRow> & { route_id: string }): RouteRow {
  return {
    method: 'GET',
    path: `/v2/${fields.route_id}`,
    api_version: 'v2',
    stage: 'prod',
    deprecated: false,
    deprecated_at: null,
    sunset_at: null,
    successor_route_id: null,
    ...fields,
  };
}

/** A consumer row: a Growth customer driven by humans, unless overridden. */
export function consumer(fields: Partial<ConsumerRow> & { consumer_id: string }): ConsumerRow {
  return {
    name: fields.consumer_id,
    consumer_type: 'customer',
    plan: 'Growth',
    quota_requests_per_period: 1_000_000,
    primary_caller_kind: 'human',
    ...fields,
  };
}

/** A key row: an active production Growth key, used on the last simulated day, unless overridden. */
export function key(fields: Partial<KeyRow> & { key_id: string }): KeyRow {
  return {
    name: fields.key_id,
    environment: 'production',
    status: 'active',
    plan: 'Growth',
    rpm_budget: 600,
    scopes: ['orders:read', 'orders:write'],
    created_at: '2026-01-01 00:00:00',
    expires_at: null,
    rotated_at: null,
    last_used_at: '2026-10-31 12:00:00',
    key_hash_sha256: `hash_${fields.key_id}`,
    key_prefix: 'sk_live',
    key_last4: fields.key_id.slice(-4).padStart(4, '0'),
    ...fields,
  };
}

/** A function row: a healthy node function in us-east-1, unless overridden. */
export function fn(fields: Partial<FunctionRow> & { function_id: string; route_id: string }): FunctionRow {
  return { name: fields.function_id, runtime: 'node', region: 'us-east-1', status: 'healthy', ...fields };
}

/**
 * A traffic_daily row: all requests by humans and all 2xx unless the counts are given; `requests`
 * defaults to the sum of the status classes given.
 */
export function traffic(
  fields: Partial<TrafficRow> & { day: string; route_id: string; consumer_id: string; key_id: string },
): TrafficRow {
  const requests =
    fields.requests ??
    (fields.status_2xx ?? 0) + (fields.status_3xx ?? 0) + (fields.status_4xx ?? 0) + (fields.status_5xx ?? 0);
  const kinds = (fields.requests_automation ?? 0) + (fields.requests_assistant ?? 0);
  const classes = (fields.status_3xx ?? 0) + (fields.status_4xx ?? 0) + (fields.status_5xx ?? 0);
  return {
    requests,
    requests_human: requests - kinds,
    requests_automation: 0,
    requests_assistant: 0,
    status_2xx: requests - classes,
    status_3xx: 0,
    status_4xx: 0,
    status_5xx: 0,
    throttled_429: 0,
    ...fields,
  };
}

/** A log_sample row: a human 200 at noon of `day`, unless overridden. */
export function logLine(
  fields: Partial<LogRow> & { day: string; route_id: string; edge_ms: number; origin_ms: number },
): LogRow {
  return {
    ts: `${fields.day} 12:00:00`,
    key_id: 'key_a',
    consumer_id: 'con_a',
    caller_kind: 'human',
    user_agent: 'Mozilla/5.0',
    status: 200,
    ...fields,
  };
}
