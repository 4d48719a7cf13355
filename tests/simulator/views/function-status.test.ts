// v_function_status: the documented rule (erroring at 5% failing; degraded at 1% failing, a p99 of
// 2,500 ms, or busy at 50,000 invocations/day while 5% start cold; healthy otherwise), at each
// edge, with the sentence that says which figure decided it.
import { describe, expect, it } from 'vitest';
import { baseFixture, useFixture } from '../../helpers/fixture-db.ts';
import { fn, route, type FunctionDailyRow, type FunctionRow } from '../../helpers/fixture-rows.ts';

/** A function's period (10 days) in one function_daily row: invocations, cold starts, errors, p99. */
interface Case {
  id: string;
  reported: FunctionRow['status'];
  invocations: number;
  cold: number;
  errors: number;
  p99: number;
  byRule: string;
  reason: string;
}

const cases: Case[] = [
  // failing: 999 of 100,000 (0.999%) is healthy, 1,000 (1%) degraded, 5,000 (5%) erroring
  {
    id: 'fn_fails_under',
    reported: 'healthy',
    invocations: 100_000,
    cold: 0,
    errors: 999,
    p99: 100,
    byRule: 'healthy',
    reason: 'within every limit',
  },
  {
    id: 'fn_fails_1pct',
    reported: 'degraded',
    invocations: 100_000,
    cold: 0,
    errors: 1_000,
    p99: 100,
    byRule: 'degraded',
    reason: '1% of invocations fail (degraded from 1%)',
  },
  {
    id: 'fn_fails_4_99',
    reported: 'degraded',
    invocations: 100_000,
    cold: 0,
    errors: 4_990,
    p99: 100,
    byRule: 'degraded',
    reason: '4.99% of invocations fail (degraded from 1%)',
  },
  {
    id: 'fn_fails_5pct',
    reported: 'erroring',
    invocations: 100_000,
    cold: 0,
    errors: 5_000,
    p99: 100,
    byRule: 'erroring',
    reason: '5% of invocations fail (erroring from 5%)',
  },
  // p99: 2,499.9 ms is healthy, 2,500 ms degraded
  {
    id: 'fn_p99_under',
    reported: 'healthy',
    invocations: 100_000,
    cold: 0,
    errors: 0,
    p99: 2_499.9,
    byRule: 'healthy',
    reason: 'within every limit',
  },
  {
    id: 'fn_p99_limit',
    reported: 'degraded',
    invocations: 100_000,
    cold: 0,
    errors: 0,
    p99: 2_500,
    byRule: 'degraded',
    reason: 'p99 2500 ms reaches the 2500 ms limit',
  },
  // busy (500,000 over 10 days = 50,000/day) and 5% cold: restarting; 4.99% cold or 49,999/day: not
  {
    id: 'fn_busy_cold',
    reported: 'degraded',
    invocations: 500_000,
    cold: 25_000,
    errors: 0,
    p99: 100,
    byRule: 'degraded',
    reason: 'busy (50,000 invocations/day) yet 5% start cold: instances keep restarting',
  },
  {
    id: 'fn_busy_warm',
    reported: 'healthy',
    invocations: 500_000,
    cold: 24_950,
    errors: 0,
    p99: 100,
    byRule: 'healthy',
    reason: 'within every limit',
  },
  {
    id: 'fn_quiet_cold',
    reported: 'healthy',
    invocations: 499_990,
    cold: 25_000,
    errors: 0,
    p99: 100,
    byRule: 'healthy',
    reason: 'within every limit; 5% cold starts at 49,999 invocations/day is scale-to-zero, not a fault',
  },
  // a status the platform reports that its figures do not bear out
  {
    id: 'fn_contradicts',
    reported: 'degraded',
    invocations: 100_000,
    cold: 0,
    errors: 0,
    p99: 100,
    byRule: 'healthy',
    reason: 'within every limit',
  },
];

const db = useFixture({
  ...baseFixture(),
  routes: [route({ route_id: 'rt_a' })],
  functions: [
    ...cases.map((c) => fn({ function_id: c.id, route_id: 'rt_a', status: c.reported })),
    fn({ function_id: 'fn_idle', route_id: 'rt_a' }),
  ],
  function_daily: cases.map((c): FunctionDailyRow => ({
    day: '2026-10-31',
    function_id: c.id,
    invocations: c.invocations,
    cold_starts: c.cold,
    errors: c.errors,
    p99_ms: c.p99,
  })),
});

describe('v_function_status', () => {
  it.each(cases)('$id is $byRule: $reason', async (c) => {
    const [row] = await db().query(
      `select status, figures_status, alert_status, alert_ids, status_reason, reported_status, follows_rule
       from v_function_status where function_id = $id`,
      { id: c.id },
    );
    // no alert names these functions (rt_a answered no 5xx), so the figures alone decide
    expect(row).toEqual({
      status: c.byRule,
      figures_status: c.byRule,
      alert_status: 'healthy',
      alert_ids: [],
      status_reason: c.reason,
      reported_status: c.reported,
      follows_rule: c.reported === c.byRule,
    });
  });

  it('calls a function without invocations healthy, and says so', async () => {
    const [row] = await db().query(
      `select status, status_reason, error_pct, p99_ms, cold_pct, invocations_per_day, is_busy
       from v_function_status where function_id = 'fn_idle'`,
    );
    expect(row).toEqual({
      status: 'healthy',
      status_reason: 'no invocations in the period',
      error_pct: null,
      p99_ms: null,
      cold_pct: null,
      invocations_per_day: 0,
      is_busy: false,
    });
  });
});
