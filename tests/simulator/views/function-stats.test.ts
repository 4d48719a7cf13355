// v_function_stats, v_function_daily and v_function_dependents: cold-heavy at its 4.99%/5% edge,
// the worst day's p99, and function → routes → consumers.
import { describe, expect, it } from 'vitest';
import { baseFixture, useFixture } from '../../helpers/fixture-db.ts';
import { consumer, fn, key, route, traffic, type FunctionDailyRow } from '../../helpers/fixture-rows.ts';

const daily = (
  function_id: string,
  day: string,
  invocations: number,
  cold_starts: number,
  errors: number,
  p99_ms: number,
): FunctionDailyRow => ({
  day,
  function_id,
  invocations,
  cold_starts,
  errors,
  p99_ms,
});

const db = useFixture({
  ...baseFixture(),
  consumers: [consumer({ consumer_id: 'con_a' }), consumer({ consumer_id: 'con_b' })],
  keys: [key({ key_id: 'key_a' }), key({ key_id: 'key_b' })],
  routes: [route({ route_id: 'rt_a' }), route({ route_id: 'rt_b' })],
  functions: [
    fn({
      function_id: 'fn_cold',
      route_id: 'rt_a',
      status: 'degraded',
      runtime: 'edge',
      region: 'global-edge',
    }),
    fn({ function_id: 'fn_warm', route_id: 'rt_a' }),
    fn({ function_id: 'fn_idle', route_id: 'rt_b', status: 'erroring' }),
  ],
  // fn_warm also serves rt_b (fan-out beyond the route it backs).
  route_functions: [
    { route_id: 'rt_a', function_id: 'fn_cold' },
    { route_id: 'rt_a', function_id: 'fn_warm' },
    { route_id: 'rt_b', function_id: 'fn_warm' },
  ],
  function_daily: [
    // fn_cold: 6,000 + 4,000 = 10,000 invocations, 300 + 200 = 500 cold (5.00%), 10 + 15 errors.
    daily('fn_cold', '2026-10-30', 6_000, 300, 10, 120.5),
    daily('fn_cold', '2026-10-31', 4_000, 200, 15, 340.25),
    // fn_warm: 10,000 invocations, 499 cold (4.99%), no errors.
    daily('fn_warm', '2026-10-31', 10_000, 499, 0, 80),
  ],
  traffic_daily: [
    // rt_a: con_a 1,000 + con_b 2,000 (two days); rt_b: con_b 500.
    traffic({ day: '2026-10-30', route_id: 'rt_a', consumer_id: 'con_a', key_id: 'key_a', requests: 1_000 }),
    traffic({ day: '2026-10-30', route_id: 'rt_a', consumer_id: 'con_b', key_id: 'key_b', requests: 1_500 }),
    traffic({ day: '2026-10-31', route_id: 'rt_a', consumer_id: 'con_b', key_id: 'key_b', requests: 500 }),
    traffic({ day: '2026-10-31', route_id: 'rt_b', consumer_id: 'con_b', key_id: 'key_b', requests: 500 }),
  ],
});

describe('v_function_stats', () => {
  it.each([
    // 500/10,000 = 5%: cold-heavy at the threshold; 25/10,000 = 0.25% errors; worst day p99 340.25 (unrounded).
    {
      function_id: 'fn_cold',
      invocations: 10_000,
      cold_starts: 500,
      cold_pct: 5,
      errors: 25,
      error_pct: 0.25,
      p99_ms: 340.25,
      is_cold_heavy: true,
    },
    // 499/10,000 = 4.99%: not cold-heavy.
    {
      function_id: 'fn_warm',
      invocations: 10_000,
      cold_starts: 499,
      cold_pct: 4.99,
      errors: 0,
      error_pct: 0,
      p99_ms: 80,
      is_cold_heavy: false,
    },
    // No invocations: shares and p99 null, not cold-heavy.
    {
      function_id: 'fn_idle',
      invocations: 0,
      cold_starts: 0,
      cold_pct: null,
      errors: 0,
      error_pct: null,
      p99_ms: null,
      is_cold_heavy: false,
    },
  ])('$function_id', async (expected) => {
    const rows = await db().query(
      `select function_id, invocations, cold_starts, cold_pct, errors, error_pct, p99_ms, is_cold_heavy
       from v_function_stats where function_id = $function_id`,
      { function_id: expected.function_id },
    );
    expect(rows).toEqual([expected]);
  });

  it('carries the function attributes through', async () => {
    const rows = await db().query(
      "select runtime, region, route_id, status from v_function_stats where function_id = 'fn_cold'",
    );
    expect(rows).toEqual([{ runtime: 'edge', region: 'global-edge', route_id: 'rt_a', status: 'degraded' }]);
  });
});

describe('v_function_daily', () => {
  it('gives one row per function and day, as numbers', async () => {
    const rows = await db().query(
      "select * from v_function_daily where function_id = 'fn_cold' order by day",
    );
    expect(rows).toEqual([
      {
        day: '2026-10-30',
        function_id: 'fn_cold',
        invocations: 6_000,
        cold_starts: 300,
        errors: 10,
        p99_ms: 120.5,
      },
      {
        day: '2026-10-31',
        function_id: 'fn_cold',
        invocations: 4_000,
        cold_starts: 200,
        errors: 15,
        p99_ms: 340.25,
      },
    ]);
  });
});

describe('v_function_dependents', () => {
  it.each([
    // fn_cold serves rt_a: con_a 1,000/10 = 100/day; con_b (1,500 + 500)/10 = 200/day.
    {
      function_id: 'fn_cold',
      rows: [
        { route_id: 'rt_a', consumer_id: 'con_a', requests_per_day: 100 },
        { route_id: 'rt_a', consumer_id: 'con_b', requests_per_day: 200 },
      ],
    },
    // fn_warm serves rt_a and rt_b: rt_b adds con_b at 500/10 = 50/day (2 distinct consumers).
    {
      function_id: 'fn_warm',
      rows: [
        { route_id: 'rt_a', consumer_id: 'con_a', requests_per_day: 100 },
        { route_id: 'rt_a', consumer_id: 'con_b', requests_per_day: 200 },
        { route_id: 'rt_b', consumer_id: 'con_b', requests_per_day: 50 },
      ],
    },
    // fn_idle backs rt_b through functions.route_id: con_b at 50/day.
    { function_id: 'fn_idle', rows: [{ route_id: 'rt_b', consumer_id: 'con_b', requests_per_day: 50 }] },
  ])('$function_id', async ({ function_id, rows }) => {
    const found = await db().query(
      `select route_id, consumer_id, requests_per_day from v_function_dependents
       where function_id = $function_id order by route_id, consumer_id`,
      { function_id },
    );
    expect(found).toEqual(rows);
  });
});
