// v_route_stats and v_route_counts against hand-computed expectations. The base fixture has 10
// simulated days, so requests/day = period total / 10 whatever the days with traffic.
import { describe, expect, it } from 'vitest';
import { baseFixture, useFixture } from '../../helpers/fixture-db.ts';
import { consumer, fn, key, logLine, route, traffic } from '../../helpers/fixture-rows.ts';

const a = { consumer_id: 'con_a', key_id: 'key_a' };
const b = { consumer_id: 'con_b', key_id: 'key_b' };
const c = { consumer_id: 'con_c', key_id: 'key_b' };

const fixture = {
  ...baseFixture(),
  consumers: [
    consumer({ consumer_id: 'con_a' }),
    consumer({ consumer_id: 'con_b' }),
    consumer({ consumer_id: 'con_c' }),
  ],
  keys: [key({ key_id: 'key_a' }), key({ key_id: 'key_b' })],
  routes: [
    route({ route_id: 'rt_hot' }),
    route({ route_id: 'rt_warm' }),
    route({
      route_id: 'rt_agent',
      method: 'POST',
      stage: 'sandbox',
      deprecated: true,
      successor_route_id: 'rt_hot',
    }),
    route({ route_id: 'rt_agent_low' }),
    route({ route_id: 'rt_idle', stage: 'staging' }),
  ],
  functions: [
    fn({ function_id: 'fn_1', route_id: 'rt_hot' }),
    fn({ function_id: 'fn_2', route_id: 'rt_hot' }),
    fn({ function_id: 'fn_3', route_id: 'rt_warm' }),
  ],
  // fn_1 and fn_2 are mapped; fn_3 backs rt_warm only through functions.route_id.
  route_functions: [
    { route_id: 'rt_hot', function_id: 'fn_1' },
    { route_id: 'rt_hot', function_id: 'fn_2' },
  ],
  // rt_idle has a declared consumer and no traffic.
  consumer_routes: [{ route_id: 'rt_idle', ...b }],
  traffic_daily: [
    // 2,000,000 on one day: 2,000,000 / 10 days = 200,000/day, exactly the hot-path threshold.
    traffic({
      day: '2026-10-22',
      route_id: 'rt_hot',
      ...a,
      status_2xx: 1_900_000,
      status_4xx: 60_000,
      status_5xx: 40_000,
      throttled_429: 10_000,
    }),
    // 999,990 + 1,000,000 = 1,999,990 over two consumers: 199,999/day, one short of hot.
    traffic({ day: '2026-10-22', route_id: 'rt_warm', ...a, status_2xx: 999_990 }),
    traffic({ day: '2026-10-31', route_id: 'rt_warm', ...b, status_2xx: 1_000_000 }),
    // 100 assistant of 400 = 25% exactly: agent-heavy; 1 4xx of 400 = 0.25% errors.
    traffic({
      day: '2026-10-25',
      route_id: 'rt_agent',
      ...c,
      status_2xx: 399,
      status_4xx: 1,
      requests_assistant: 100,
    }),
    // 2,499 assistant of 10,000 = 24.99%: not agent-heavy.
    traffic({
      day: '2026-10-25',
      route_id: 'rt_agent_low',
      ...a,
      status_2xx: 10_000,
      requests_assistant: 2_499,
    }),
  ],
  log_sample: [
    // rt_hot: totals 1..100 ms (edge 1 + origin i-1); nearest-rank p99 of 100 values is the 99th: 99.
    ...Array.from({ length: 100 }, (_, i) =>
      logLine({ day: '2026-10-22', route_id: 'rt_hot', edge_ms: 1, origin_ms: i }),
    ),
    // rt_agent: one request of 12.25 + 30 = 42.25 ms (unrounded).
    logLine({ day: '2026-10-25', route_id: 'rt_agent', edge_ms: 12.25, origin_ms: 30 }),
  ],
};

const db = useFixture(fixture);

describe('v_route_stats', () => {
  it.each([
    // 2,000,000 / 10 = 200,000/day: hot at exactly the threshold; (60,000 + 40,000) / 2,000,000 = 5%.
    {
      route_id: 'rt_hot',
      requests_total: 2_000_000,
      requests_per_day: 200_000,
      error_pct: 5,
      p99_ms: 99,
      agent_share_pct: 0,
      dependents: 1,
      functions: 2,
      is_hot_path: true,
      is_agent_heavy: false,
    },
    // 1,999,990 / 10 = 199,999/day: not hot; two consumers; fn_3 via functions.route_id.
    {
      route_id: 'rt_warm',
      requests_total: 1_999_990,
      requests_per_day: 199_999,
      error_pct: 0,
      p99_ms: null,
      agent_share_pct: 0,
      dependents: 2,
      functions: 1,
      is_hot_path: false,
      is_agent_heavy: false,
    },
    // 400 / 10 = 40/day; 1/400 = 0.25% errors; 100/400 = 25% agent share, at the threshold.
    {
      route_id: 'rt_agent',
      requests_total: 400,
      requests_per_day: 40,
      error_pct: 0.25,
      p99_ms: 42.25,
      agent_share_pct: 25,
      dependents: 1,
      functions: 0,
      is_hot_path: false,
      is_agent_heavy: true,
    },
    // 10,000 / 10 = 1,000/day; 2,499/10,000 = 24.99%, under the threshold.
    {
      route_id: 'rt_agent_low',
      requests_total: 10_000,
      requests_per_day: 1_000,
      error_pct: 0,
      p99_ms: null,
      agent_share_pct: 24.99,
      dependents: 1,
      functions: 0,
      is_hot_path: false,
      is_agent_heavy: false,
    },
    // No traffic: rates are null, the declared consumer still counts as a dependent.
    {
      route_id: 'rt_idle',
      requests_total: 0,
      requests_per_day: 0,
      error_pct: null,
      p99_ms: null,
      agent_share_pct: null,
      dependents: 1,
      functions: 0,
      is_hot_path: false,
      is_agent_heavy: false,
    },
  ])('$route_id', async (expected) => {
    const rows = await db().query<Record<string, unknown>>(
      `select route_id, requests_total, requests_per_day, error_pct, p99_ms, agent_share_pct, dependents,
              functions, is_hot_path, is_agent_heavy
       from v_route_stats where route_id = $route_id`,
      { route_id: expected.route_id },
    );
    expect(rows).toEqual([expected]);
  });

  it('carries the route attributes through', async () => {
    const rows = await db().query(
      'select method, stage, deprecated, successor_route_id from v_route_stats where route_id = $id',
      {
        id: 'rt_agent',
      },
    );
    expect(rows).toEqual([
      { method: 'POST', stage: 'sandbox', deprecated: true, successor_route_id: 'rt_hot' },
    ]);
  });
});

describe('v_route_counts', () => {
  it.each([
    // All five routes: rt_hot is hot, rt_agent deprecated and agent-heavy.
    { stage: 'all', routes: 5, hot_paths: 1, deprecated_paths: 1, agent_heavy_paths: 1 },
    // rt_hot, rt_warm, rt_agent_low.
    { stage: 'prod', routes: 3, hot_paths: 1, deprecated_paths: 0, agent_heavy_paths: 0 },
    // rt_agent only.
    { stage: 'sandbox', routes: 1, hot_paths: 0, deprecated_paths: 1, agent_heavy_paths: 1 },
    // rt_idle only.
    { stage: 'staging', routes: 1, hot_paths: 0, deprecated_paths: 0, agent_heavy_paths: 0 },
  ])('$stage', async (expected) => {
    const rows = await db().query(
      'select stage, routes, hot_paths, deprecated_paths, agent_heavy_paths from v_route_counts where stage = $stage',
      { stage: expected.stage },
    );
    expect(rows).toEqual([expected]);
  });
});
