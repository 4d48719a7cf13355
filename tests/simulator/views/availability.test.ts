// v_availability: the share of non-5xx requests in traffic_daily against the 99.9% target, exactly
// at the target included, with the 0.1% error budget spent and remaining.
import { describe, expect, it } from 'vitest';
import { baseFixture, withFixture } from '../../helpers/fixture-db.ts';
import { route, traffic } from '../../helpers/fixture-rows.ts';

const routeA = route({ route_id: 'rt_a' });

describe('v_availability', () => {
  it.each([
    // (1,000 − 1)/1,000 = 99.9%: exactly the target, meets it; 0.1% of a 0.1% budget = 100% spent.
    {
      requests: 1_000,
      s5xx: 1,
      s4xx: 0,
      availability_pct: 99.9,
      meets_target: true,
      spent: 100,
      remaining: 0,
    },
    // (1,000 − 2)/1,000 = 99.8%: misses; 0.2/0.1 = 200% spent, nothing remains.
    {
      requests: 1_000,
      s5xx: 2,
      s4xx: 0,
      availability_pct: 99.8,
      meets_target: false,
      spent: 200,
      remaining: 0,
    },
    // (100,000 − 101)/100,000 = 99.899%: just under, misses; 0.101/0.1 = 101% spent.
    {
      requests: 100_000,
      s5xx: 101,
      s4xx: 0,
      availability_pct: 99.899,
      meets_target: false,
      spent: 101,
      remaining: 0,
    },
    // (10,000 − 9)/10,000 = 99.91%: meets; 0.09/0.1 = 90% spent, 10% remaining.
    {
      requests: 10_000,
      s5xx: 9,
      s4xx: 0,
      availability_pct: 99.91,
      meets_target: true,
      spent: 90,
      remaining: 10,
    },
    // 4xx (client errors, 429s) do not count against availability: 100%.
    {
      requests: 1_000,
      s5xx: 0,
      s4xx: 500,
      availability_pct: 100,
      meets_target: true,
      spent: 0,
      remaining: 100,
    },
  ])('$requests requests, $s5xx 5xx, $s4xx 4xx', async ({ requests, s5xx, s4xx, ...expected }) => {
    const row = traffic({
      day: '2026-10-25',
      route_id: 'rt_a',
      consumer_id: 'con_a',
      key_id: 'key_a',
      requests,
      status_4xx: s4xx,
      status_5xx: s5xx,
    });
    const rows = await withFixture({ ...baseFixture(), routes: [routeA], traffic_daily: [row] }, (db) =>
      db.query(`select availability_pct, meets_target, budget_spent_pct as spent, budget_remaining_pct as remaining,
                       target_pct, error_budget_pct from v_availability`),
    );
    expect(rows).toEqual([{ ...expected, target_pct: 99.9, error_budget_pct: 0.1 }]);
  });

  it('with no traffic has no figure, meets the target and keeps the whole budget', async () => {
    const rows = await withFixture({ ...baseFixture(), routes: [routeA] }, (db) =>
      db.query(
        'select availability_pct, meets_target, budget_spent_pct, budget_remaining_pct from v_availability',
      ),
    );
    expect(rows).toEqual([
      { availability_pct: null, meets_target: true, budget_spent_pct: 0, budget_remaining_pct: 100 },
    ]);
  });
});
