// A small hand-computed estate for the blast views: two production keys, a sandbox key, three
// routes (one deprecated with a successor), three functions and four consumers over the base
// fixture's 10 days. Every expected number in the blast tests is derived from these rows.
import { baseFixture, type FixtureRows } from '../../../helpers/fixture-db.ts';
import { consumer, fn, key, route, traffic } from '../../../helpers/fixture-rows.ts';

const days = ['2026-10-22', '2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26'];

/** One traffic row per listed day (5 of the 10 days), each with the given counts. */
function daily(
  route_id: string,
  consumer_id: string,
  key_id: string,
  counts: {
    requests: number;
    requests_automation?: number;
    requests_assistant?: number;
    throttled_429?: number;
  },
) {
  return days.map((day) =>
    traffic({ day, route_id, consumer_id, key_id, ...counts, status_4xx: counts.throttled_429 ?? 0 }),
  );
}

/** A key_demand_minute row: on `day`, `minutes` minutes with `rpm` requests. */
function demand(
  day: string,
  key_id: string,
  consumer_id: string,
  requests_per_minute: number,
  minutes: number,
) {
  return { day, key_id, consumer_id, requests_per_minute, minutes };
}

/**
 * The blast fixture. Traffic per edge (5 days × daily count ÷ 10 days = half the daily count):
 *   con_human  → rt_orders_v2 via key_prod_a : 1,000/day listed → 500 requests/day
 *   con_bot    → rt_orders_v2 via key_prod_a : 400 automation   → 200 requests/day
 *   con_agent  → rt_orders_v1 via key_prod_a : 200 assistant    → 100 requests/day (deprecated route)
 *   con_agent  → rt_orders_v2 via key_prod_b : 60 assistant     →  30 requests/day
 *   con_tester → rt_sandbox  via key_sandbox : 40 human         →  20 requests/day
 * rt_v3_sandbox (GET /v3/orders/{order_id}, sandbox) has no traffic: the inferred successor of rt_sandbox.
 * Recorded demand (key_demand_minute), by day:
 *   key_prod_a · con_human : 10-22: 10 rpm × 100 min, 50 rpm × 10 min; 10-23: 50 rpm × 20 min, 80 rpm × 5 min
 *   key_prod_a · con_bot   : 10-22: 100 rpm × 3 min
 *   key_prod_a · con_agent : 10-22: 30 rpm × 10 min
 *   key_prod_b · con_agent : 10-22: 45 rpm × 4 min
 */
export function blastFixture(): FixtureRows {
  return {
    ...baseFixture(),
    consumers: [
      consumer({ consumer_id: 'con_human', primary_caller_kind: 'human' }),
      consumer({ consumer_id: 'con_bot', primary_caller_kind: 'automation' }),
      consumer({ consumer_id: 'con_agent', primary_caller_kind: 'assistant' }),
      consumer({ consumer_id: 'con_tester', primary_caller_kind: 'human', plan: 'Sandbox' }),
    ],
    keys: [
      key({ key_id: 'key_prod_a', created_at: '2026-01-01 00:00:00', expires_at: '2026-11-05 00:00:00' }),
      key({ key_id: 'key_prod_b', rotated_at: '2026-09-01 00:00:00' }),
      key({
        key_id: 'key_sandbox',
        environment: 'sandbox',
        plan: 'Sandbox',
        rpm_budget: 60,
        key_prefix: 'sk_test',
      }),
    ],
    consumer_keys: [
      { consumer_id: 'con_human', key_id: 'key_prod_a' },
      { consumer_id: 'con_bot', key_id: 'key_prod_a' },
      { consumer_id: 'con_agent', key_id: 'key_prod_a' },
      { consumer_id: 'con_agent', key_id: 'key_prod_b' },
      { consumer_id: 'con_tester', key_id: 'key_sandbox' },
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
        sunset_at: '2027-01-31',
        successor_route_id: 'rt_orders_v2',
      }),
      route({ route_id: 'rt_sandbox', path: '/v2/orders/{order_id}', stage: 'sandbox' }),
      route({
        route_id: 'rt_v3_sandbox',
        path: '/v3/orders/{order_id}',
        api_version: 'v3',
        stage: 'sandbox',
      }),
    ],
    functions: [
      fn({ function_id: 'fn_create', route_id: 'rt_orders_v2' }),
      fn({ function_id: 'fn_legacy', route_id: 'rt_orders_v1' }),
      fn({ function_id: 'fn_read', route_id: 'rt_sandbox' }),
    ],
    route_functions: [
      { route_id: 'rt_orders_v2', function_id: 'fn_create' },
      { route_id: 'rt_orders_v1', function_id: 'fn_create' },
      { route_id: 'rt_orders_v1', function_id: 'fn_legacy' },
      { route_id: 'rt_sandbox', function_id: 'fn_read' },
    ],
    consumer_routes: [
      { consumer_id: 'con_human', route_id: 'rt_orders_v2', key_id: 'key_prod_a' },
      { consumer_id: 'con_bot', route_id: 'rt_orders_v2', key_id: 'key_prod_a' },
      { consumer_id: 'con_agent', route_id: 'rt_orders_v1', key_id: 'key_prod_a' },
      { consumer_id: 'con_agent', route_id: 'rt_orders_v2', key_id: 'key_prod_b' },
      { consumer_id: 'con_tester', route_id: 'rt_sandbox', key_id: 'key_sandbox' },
    ],
    traffic_daily: [
      ...daily('rt_orders_v2', 'con_human', 'key_prod_a', { requests: 1000 }),
      ...daily('rt_orders_v2', 'con_bot', 'key_prod_a', { requests: 400, requests_automation: 400 }),
      ...daily('rt_orders_v1', 'con_agent', 'key_prod_a', { requests: 200, requests_assistant: 200 }),
      ...daily('rt_orders_v2', 'con_agent', 'key_prod_b', { requests: 60, requests_assistant: 60 }),
      ...daily('rt_sandbox', 'con_tester', 'key_sandbox', { requests: 40 }),
    ],
    key_demand_minute: [
      demand('2026-10-22', 'key_prod_a', 'con_human', 10, 100),
      demand('2026-10-22', 'key_prod_a', 'con_human', 50, 10),
      demand('2026-10-23', 'key_prod_a', 'con_human', 50, 20),
      demand('2026-10-23', 'key_prod_a', 'con_human', 80, 5),
      demand('2026-10-22', 'key_prod_a', 'con_bot', 100, 3),
      demand('2026-10-22', 'key_prod_a', 'con_agent', 30, 10),
      demand('2026-10-22', 'key_prod_b', 'con_agent', 45, 4),
    ],
  };
}
