// A small estate with each alert story planted (or, with `planted: false`, the same estate told
// cleanly): rotation lag, a throttle storm, a sunset with callers, and p99 drift from cold starts.
// Base fixture: 10 days, 2026-10-22 … 2026-10-31, as_of 2026-11-01.
import { baseFixture, type FixtureRows } from '../../../helpers/fixture-db.ts';
import { consumer, fn, key, logLine, route, traffic } from '../../../helpers/fixture-rows.ts';

const days = Array.from({ length: 10 }, (_, i) => `2026-10-${String(22 + i).padStart(2, '0')}`);

/**
 * The stories, planted:
 * - key_old: production, created 2025-01-01, never rotated (669 days at as_of), held only by
 *   con_a and con_b, who hold no other key → rotation lag. key_pair is as old, but con_d also holds
 *   key_pair_new; key_fresh was rotated 2026-09-01 → neither lags.
 * - con_storm: 200 requests/day with 30 of them 429s (300 over 10 days, 15%), 9,650 of a
 *   10,000 quota (96.5%), demand 150 rpm for 20 minutes against key_storm's 100 rpm → throttle storm.
 *   con_c: 1 429 of 1,000 → none.
 * - rt_old: deprecated, sunset 2026-11-11 (10 days after as_of), con_a calls it → sunset alert.
 *   rt_later: deprecated, sunset 2027-03-01 → none.
 * - rt_slow: 60 sampled requests at 100 ms on 10-22…10-24, 70 at 300 ms on 10-25…10-31 (+200%);
 *   fn_slow's cold starts rise from 1% to 10% → p99 drift traced to fn_slow. rt_fast drifts the
 *   same way and fn_fast is cold-heavy, but its cold share only creeps from 6% to 6.5% → none.
 * - rt_broken answers 10 of its 100 requests/day with 5xx and fn_broken fails 100 of 1,000
 *   invocations a day (10%) → 5xx traced to fn_broken. fn_fast fails 1% → none.
 * Clean: key_old rotated 2026-10-01, no 429s, rt_old sunsets 2027-03-01, latency flat, no failures.
 */
export function alertsFixture(planted: boolean): FixtureRows {
  const recent = (day: string): boolean => day >= '2026-10-25';
  const latency = (day: string): number => (planted && recent(day) ? 300 : 100);
  return {
    ...baseFixture(),
    consumers: [
      consumer({ consumer_id: 'con_a', primary_caller_kind: 'automation' }),
      consumer({ consumer_id: 'con_b' }),
      consumer({ consumer_id: 'con_c' }),
      consumer({ consumer_id: 'con_d' }),
      consumer({ consumer_id: 'con_storm', quota_requests_per_period: 10_000 }),
    ],
    keys: [
      key({
        key_id: 'key_old',
        created_at: '2025-01-01 00:00:00',
        rotated_at: planted ? null : '2026-10-01 00:00:00',
      }),
      key({ key_id: 'key_pair', created_at: '2025-01-01 00:00:00' }),
      key({ key_id: 'key_pair_new', created_at: '2026-10-01 00:00:00' }),
      key({ key_id: 'key_fresh', created_at: '2025-01-01 00:00:00', rotated_at: '2026-09-01 00:00:00' }),
      key({ key_id: 'key_storm', rpm_budget: 100, created_at: '2026-09-01 00:00:00' }),
    ],
    consumer_keys: [
      { consumer_id: 'con_a', key_id: 'key_old' },
      { consumer_id: 'con_b', key_id: 'key_old' },
      { consumer_id: 'con_d', key_id: 'key_pair' },
      { consumer_id: 'con_d', key_id: 'key_pair_new' },
      { consumer_id: 'con_c', key_id: 'key_fresh' },
      { consumer_id: 'con_storm', key_id: 'key_storm' },
    ],
    routes: [
      route({ route_id: 'rt_new', path: '/v2/things' }),
      route({
        route_id: 'rt_old',
        path: '/v1/things',
        api_version: 'v1',
        deprecated: true,
        deprecated_at: '2026-06-01',
        sunset_at: planted ? '2026-11-11' : '2027-03-01',
        successor_route_id: 'rt_new',
      }),
      route({
        route_id: 'rt_later',
        path: '/v1/others',
        api_version: 'v1',
        deprecated: true,
        deprecated_at: '2026-06-01',
        sunset_at: '2027-03-01',
      }),
      route({ route_id: 'rt_slow', path: '/v2/slow' }),
      route({ route_id: 'rt_fast', path: '/v2/fast' }),
      route({ route_id: 'rt_broken', method: 'POST', path: '/v2/broken' }),
    ],
    functions: [
      fn({ function_id: 'fn_new', route_id: 'rt_new' }),
      fn({ function_id: 'fn_slow', route_id: 'rt_slow' }),
      fn({ function_id: 'fn_fast', route_id: 'rt_fast' }),
      fn({ function_id: 'fn_broken', route_id: 'rt_broken' }),
    ],
    route_functions: [
      { route_id: 'rt_new', function_id: 'fn_new' },
      { route_id: 'rt_slow', function_id: 'fn_slow' },
      { route_id: 'rt_fast', function_id: 'fn_fast' },
      { route_id: 'rt_broken', function_id: 'fn_broken' },
    ],
    traffic_daily: days
      .flatMap((day) => [
        traffic({ day, route_id: 'rt_new', consumer_id: 'con_a', key_id: 'key_old', requests: 100 }),
        traffic({ day, route_id: 'rt_old', consumer_id: 'con_a', key_id: 'key_old', requests: 50 }),
        traffic({ day, route_id: 'rt_later', consumer_id: 'con_b', key_id: 'key_old', requests: 20 }),
        traffic({ day, route_id: 'rt_slow', consumer_id: 'con_d', key_id: 'key_pair', requests: 30 }),
        traffic({ day, route_id: 'rt_fast', consumer_id: 'con_c', key_id: 'key_fresh', requests: 100 }),
        traffic({
          day,
          route_id: 'rt_broken',
          consumer_id: 'con_c',
          key_id: 'key_fresh',
          requests: 100,
          status_5xx: planted ? 10 : 0,
        }),
        traffic({
          day,
          route_id: 'rt_new',
          consumer_id: 'con_storm',
          key_id: 'key_storm',
          requests: 200,
          status_4xx: planted ? 30 : 0,
          throttled_429: planted ? 30 : 0,
        }),
      ])
      .concat(
        planted
          ? [
              traffic({
                day: '2026-10-31',
                route_id: 'rt_fast',
                consumer_id: 'con_c',
                key_id: 'key_fresh',
                requests: 1,
                status_4xx: 1,
                throttled_429: 1,
              }),
            ]
          : [],
      ),
    quota_daily: days.map((day, i) => ({
      day,
      consumer_id: 'con_storm',
      requests_counted: planted ? 965 : 200,
      cumulative_requests: (planted ? 965 : 200) * (i + 1),
    })),
    key_demand_minute: [
      {
        day: '2026-10-31',
        key_id: 'key_storm',
        consumer_id: 'con_storm',
        requests_per_minute: 2,
        minutes: 1000,
      },
      ...(planted
        ? [
            {
              day: '2026-10-31',
              key_id: 'key_storm',
              consumer_id: 'con_storm',
              requests_per_minute: 150,
              minutes: 20,
            },
          ]
        : []),
    ],
    function_daily: days.flatMap((day) => [
      {
        day,
        function_id: 'fn_slow',
        invocations: 1000,
        cold_starts: planted && recent(day) ? 100 : 10,
        errors: 0,
        p99_ms: 90,
      },
      {
        day,
        function_id: 'fn_fast',
        invocations: 1000,
        cold_starts: planted && recent(day) ? 65 : 60,
        errors: 10,
        p99_ms: 90,
      },
      {
        day,
        function_id: 'fn_broken',
        invocations: 1000,
        cold_starts: 10,
        errors: planted ? 100 : 0,
        p99_ms: 90,
      },
    ]),
    log_sample: days.flatMap((day) =>
      Array.from({ length: recent(day) ? 10 : 20 }, (_, i) => [
        logLine({
          day,
          ts: `${day} 10:00:${String(i).padStart(2, '0')}`,
          route_id: 'rt_slow',
          edge_ms: 10,
          origin_ms: latency(day) - 10,
        }),
        logLine({
          day,
          ts: `${day} 11:00:${String(i).padStart(2, '0')}`,
          route_id: 'rt_fast',
          edge_ms: 10,
          origin_ms: latency(day) - 10,
        }),
      ]).flat(),
    ),
  };
}
