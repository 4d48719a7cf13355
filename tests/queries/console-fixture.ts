// A small workspace for the console's query tests: two prod routes (one deprecated with a
// successor), a sandbox route, functions (one serving two routes), keys across environments and
// statuses, consumers, traffic, a log sample, quota burn and invocations. Plus an adapter that
// lets the query modules run on the in-memory fixture exactly as on a workspace file.
import type { Workspace } from '../../src/node/db.ts';
import { baseFixture, loadFixture, type FixtureDb, type FixtureValue } from '../helpers/fixture-db.ts';
import { consumer, fn, key, logLine, route, traffic, type FixtureRows } from '../helpers/fixture-rows.ts';

const days = ['2026-10-22', '2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26', '2026-10-27'];

/** The fixture rows. */
export function consoleFixture(): FixtureRows {
  return {
    ...baseFixture(),
    consumers: [
      consumer({
        consumer_id: 'con_shop',
        name: 'Shopfront',
        plan: 'Enterprise',
        quota_requests_per_period: 5_000_000,
      }),
      consumer({
        consumer_id: 'con_bot',
        name: 'Order bot',
        primary_caller_kind: 'assistant',
        quota_requests_per_period: 100_000,
      }),
      consumer({
        consumer_id: 'con_team',
        name: 'Team QA',
        consumer_type: 'team',
        plan: 'Sandbox',
        quota_requests_per_period: 100_000,
      }),
    ],
    keys: [
      key({ key_id: 'key_prod_a', name: 'Shopfront prod' }),
      key({ key_id: 'key_prod_b', name: 'Bot prod', status: 'expiring', expires_at: '2026-11-05 00:00:00' }),
      key({ key_id: 'key_old', name: 'Legacy', status: 'revoked', last_used_at: '2026-08-01 00:00:00' }),
      key({
        key_id: 'key_sbx',
        name: 'QA sandbox',
        environment: 'sandbox',
        plan: 'Sandbox',
        key_prefix: 'sk_test',
      }),
      key({
        key_id: 'key_stg',
        name: 'Staging',
        environment: 'staging',
        status: 'rotated',
        rotated_at: '2026-10-20 00:00:00',
        key_prefix: 'sk_stg',
        last_used_at: null,
      }),
    ],
    consumer_keys: [
      { consumer_id: 'con_shop', key_id: 'key_prod_a' },
      { consumer_id: 'con_bot', key_id: 'key_prod_b' },
      { consumer_id: 'con_team', key_id: 'key_sbx' },
    ],
    routes: [
      route({ route_id: 'rt_orders_v2', method: 'POST', path: '/v2/orders' }),
      route({
        route_id: 'rt_orders_v1',
        method: 'POST',
        path: '/v1/orders',
        api_version: 'v1',
        deprecated: true,
        deprecated_at: '2026-06-01',
        sunset_at: '2027-01-01',
        successor_route_id: 'rt_orders_v2',
      }),
      route({ route_id: 'rt_order_get', path: '/v2/orders/{order_id}' }),
      route({ route_id: 'rt_sbx_orders', method: 'POST', path: '/v2/orders', stage: 'sandbox' }),
    ],
    functions: [
      fn({ function_id: 'fn_create', route_id: 'rt_orders_v2', name: 'create-order' }),
      fn({
        function_id: 'fn_legacy',
        route_id: 'rt_orders_v1',
        name: 'legacy-create',
        runtime: 'python',
        status: 'degraded',
      }),
      fn({
        function_id: 'fn_read',
        route_id: 'rt_order_get',
        name: 'read-order',
        runtime: 'go',
        region: 'global-edge',
      }),
      fn({ function_id: 'fn_sbx', route_id: 'rt_sbx_orders', name: 'sandbox-create', status: 'erroring' }),
    ],
    route_functions: [
      { route_id: 'rt_orders_v2', function_id: 'fn_create' },
      { route_id: 'rt_orders_v1', function_id: 'fn_legacy' },
      { route_id: 'rt_orders_v1', function_id: 'fn_create' },
      { route_id: 'rt_order_get', function_id: 'fn_read' },
      { route_id: 'rt_sbx_orders', function_id: 'fn_sbx' },
    ],
    consumer_routes: [
      { consumer_id: 'con_shop', route_id: 'rt_orders_v2', key_id: 'key_prod_a' },
      { consumer_id: 'con_shop', route_id: 'rt_order_get', key_id: 'key_prod_a' },
      { consumer_id: 'con_bot', route_id: 'rt_orders_v1', key_id: 'key_prod_b' },
      { consumer_id: 'con_team', route_id: 'rt_sbx_orders', key_id: 'key_sbx' },
    ],
    traffic_daily: days.flatMap((day, i) => [
      traffic({
        day,
        route_id: 'rt_orders_v2',
        consumer_id: 'con_shop',
        key_id: 'key_prod_a',
        status_2xx: 300_000 + i * 1000,
        status_5xx: 40,
      }),
      traffic({
        day,
        route_id: 'rt_order_get',
        consumer_id: 'con_shop',
        key_id: 'key_prod_a',
        status_2xx: 50_000,
        status_4xx: 500,
      }),
      traffic({
        day,
        route_id: 'rt_orders_v1',
        consumer_id: 'con_bot',
        key_id: 'key_prod_b',
        requests: 9000,
        requests_assistant: 8000,
        status_4xx: 900,
        status_5xx: 9,
        throttled_429: 700,
      }),
      traffic({
        day,
        route_id: 'rt_sbx_orders',
        consumer_id: 'con_team',
        key_id: 'key_sbx',
        status_2xx: 100,
      }),
    ]),
    log_sample: days.flatMap((day, i) => [
      logLine({
        day,
        route_id: 'rt_orders_v2',
        edge_ms: 10 + i,
        origin_ms: 80 + i * 5,
        key_id: 'key_prod_a',
        consumer_id: 'con_shop',
      }),
      logLine({
        day,
        route_id: 'rt_orders_v2',
        edge_ms: 12,
        origin_ms: 300,
        status: 503,
        key_id: 'key_prod_a',
        consumer_id: 'con_shop',
      }),
      logLine({
        day,
        route_id: 'rt_orders_v1',
        edge_ms: 9,
        origin_ms: 120,
        status: 429,
        caller_kind: 'assistant',
        key_id: 'key_prod_b',
        consumer_id: 'con_bot',
      }),
      logLine({
        day,
        route_id: 'rt_order_get',
        edge_ms: 5,
        origin_ms: 20,
        status: 304,
        caller_kind: 'automation',
      }),
    ]),
    quota_daily: days.map((day, i) => ({
      day,
      consumer_id: 'con_bot',
      requests_counted: 15_000,
      cumulative_requests: 15_000 * (i + 1),
    })),
    function_daily: days.flatMap((day, i) => [
      { day, function_id: 'fn_create', invocations: 300_000, cold_starts: 600, errors: 40, p99_ms: 180 + i },
      { day, function_id: 'fn_legacy', invocations: 9000, cold_starts: 900, errors: 90, p99_ms: 400 },
      { day, function_id: 'fn_read', invocations: 50_000, cold_starts: 100, errors: 0, p99_ms: 40 },
    ]),
  };
}

/** The fixture as a Workspace the query modules accept. */
export function asWorkspace(db: FixtureDb): Workspace {
  return {
    query: <Row>(sql: string, params?: Record<string, unknown>) =>
      db.query<Row>(sql, params as Record<string, FixtureValue> | undefined),
    close: () => db.close(),
  };
}

/** Loads the console fixture (call in beforeAll; close in afterAll). */
export async function loadConsoleFixture(): Promise<{ db: FixtureDb; ws: Workspace }> {
  const db = await loadFixture(consoleFixture());
  return { db, ws: asWorkspace(db) };
}
