// Every flag reads its threshold from the `thresholds` table: moving a threshold to the measured
// value flips the flag, so no view can hide a literal 80, 200,000, 5, 30, 99.9 or 25.
import { describe, expect, it } from 'vitest';
import { baseFixture, withFixture, type FixtureRows } from '../../helpers/fixture-db.ts';
import { consumer, fn, key, route, traffic } from '../../helpers/fixture-rows.ts';

const fixture = (): FixtureRows => ({
  ...baseFixture(),
  consumers: [consumer({ consumer_id: 'con_a', quota_requests_per_period: 1_000_000 })],
  // Last used 2026-10-22: 10 days before as_of 2026-11-01.
  keys: [key({ key_id: 'key_a', last_used_at: '2026-10-22 09:00:00' })],
  routes: [route({ route_id: 'rt_a' })],
  functions: [fn({ function_id: 'fn_a', route_id: 'rt_a' })],
  // 10,000 requests / 10 days = 1,000/day; 1,000 assistant = 10%; 50 5xx: 99.5% available.
  traffic_daily: [
    traffic({
      day: '2026-10-25',
      route_id: 'rt_a',
      consumer_id: 'con_a',
      key_id: 'key_a',
      requests: 10_000,
      requests_assistant: 1_000,
      status_5xx: 50,
    }),
  ],
  // 500,000 / 1,000,000 = 50% of quota.
  quota_daily: [
    { day: '2026-10-31', consumer_id: 'con_a', requests_counted: 500_000, cumulative_requests: 500_000 },
  ],
  // 100 cold of 10,000 = 1%.
  function_daily: [
    { day: '2026-10-31', function_id: 'fn_a', invocations: 10_000, cold_starts: 100, errors: 0, p99_ms: 10 },
  ],
});

describe.each([
  // 1,000/day against 200,000, then against 1,000.
  {
    flag: 'is_hot_path',
    sql: 'select is_hot_path as flag from v_route_stats',
    update: 'hot_path_requests_per_day = 1000',
  },
  // 10% agent share against 25%, then against 10%.
  {
    flag: 'is_agent_heavy',
    sql: 'select is_agent_heavy as flag from v_route_stats',
    update: 'agent_heavy_share_pct = 10',
  },
  // 1% cold against 5%, then against 1%.
  {
    flag: 'is_cold_heavy',
    sql: 'select is_cold_heavy as flag from v_function_stats',
    update: 'cold_heavy_pct = 1',
  },
  // 50% burned against 80%, then against 50%.
  {
    flag: 'is_at_risk',
    sql: 'select is_at_risk as flag from v_consumer_quota',
    update: 'quota_risk_pct = 50',
  },
  // 10 days unused against 30, then against 10.
  { flag: 'is_unused', sql: 'select is_unused as flag from v_key_stats', update: 'unused_key_days = 10' },
  // 99.5% available against 99.9%, then against 99.5%.
  {
    flag: 'meets_target',
    sql: 'select meets_target as flag from v_availability',
    update: 'availability_target_pct = 99.5',
  },
])('$flag', ({ sql, update }) => {
  it('is off under the spec thresholds and on once the threshold moves to the measured value', async () => {
    await withFixture(fixture(), async (db) => {
      expect(await db.query(sql)).toEqual([{ flag: false }]);
      await db.run(`update thresholds set ${update}`);
      expect(await db.query(sql)).toEqual([{ flag: true }]);
    });
  });
});
