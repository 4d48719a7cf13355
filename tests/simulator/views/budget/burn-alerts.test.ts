// Error-budget burn alerts on a planted fast burn (budget-fixture.ts fastBurn: 9 of 625 requests in
// the hour to 13:00 on 2026-10-24 fail, 14.4×): one alert names its window and burn rate, attributes
// its 5xx to routes, functions and consumers with shares that add up to exactly 100, and reaches
// v_alerts; the budget views agree with the daily facts, scaled by the sampling rate.
import { describe, expect, it } from 'vitest';
import { useFixture, type FixtureDb } from '../../../helpers/fixture-db.ts';
import { budgetEstate, fastBurn } from './budget-fixture.ts';

const alertId = 'error_budget_burn:fast:2026-10-24T13:00Z';

/** The attribution of the alert, per dimension: [target, share] by rank. */
async function shares(db: FixtureDb, dimension: string): Promise<[string, number][]> {
  const rows = await db.query<{ target_id: string; share_pct: number }>(
    `select target_id, share_pct from v_alert_budget_burn_attribution
     where alert_id = $alert and dimension = $dimension order by rank`,
    { alert: alertId, dimension },
  );
  return rows.map((r) => [r.target_id, r.share_pct]);
}

describe.each([
  // the daily facts are the sample (a sampling rate of 1) …
  ['sampled whole', 1],
  // … or ten times it: the same burn, ten times the 5xx, the same share of a ten times larger budget
  ['sampled 1 in 10', 10],
])('a fast burn, %s', (_name, factor) => {
  const db = useFixture(() => budgetEstate(fastBurn('2026-10-24'), factor));

  it('raises one alert naming its window and burn rate; the slow burn it also trips is inhibited', async () => {
    const rows = await db().query(
      `select alert_id, rule, severity, burn_rate_threshold, long_window_minutes, short_window_minutes,
         started_at, ended_at, span_start, peak_burn_rate, status_5xx, budget_spent_pct, sample_5xx,
         top_route_id, top_function_id, top_consumer_id, href from v_alert_budget_burn`,
    );
    expect(rows).toEqual([
      {
        alert_id: alertId,
        rule: 'fast',
        severity: 'critical',
        burn_rate_threshold: 14.4,
        long_window_minutes: 60,
        short_window_minutes: 5,
        started_at: '2026-10-24 13:00:00',
        ended_at: '2026-10-24 13:00:00',
        span_start: '2026-10-24 12:00:00',
        peak_burn_rate: 14.4,
        status_5xx: 9 * factor,
        // 9 × factor of a budget of 0.1% × 625 × factor = 0.625 × factor requests
        budget_spent_pct: 1440,
        sample_5xx: 9,
        top_route_id: 'rt_a',
        top_function_id: 'fn_a',
        top_consumer_id: 'con_a',
        href: '/app/api/functions/fn_a#what-if',
      },
    ]);
  });

  it('says why in words: the window, the rate, the budget and who burned it', async () => {
    const [row] = await db().query<{
      window_label: string;
      cause: string;
      evidence: string;
      next_step: string;
    }>('select window_label, cause, evidence, next_step from v_alert_budget_burn');
    expect(row).toEqual({
      // the data it measured (its long window before the first firing) and when it fired, labelled
      // the same way on the Overview (the evidence) and on the budget view
      window_label: 'measured 2026-10-24 12:00 to 13:00 UTC, fired 2026-10-24 13:00 to 13:00 UTC',
      // the nine 5xx (12:55–13:00) are 14.4 × the period's whole budget (0.625 × factor): spent by 13:00
      cause:
        '5xx burned the error budget at 14.4× over 1 h (confirmed over 5 min; the fast rule fires at 14.4×), 55.56% of them from fn_a',
      evidence: `Measured 2026-10-24 12:00 to 13:00 UTC, fired 2026-10-24 13:00 to 13:00 UTC: about ${9 * factor} 5xx, 1440% of the period's error budget (9 sampled); GET /v2/a 55.56%, Name con_a 33.34% of them; the whole budget was spent by 2026-10-24 13:00 UTC`,
      next_step:
        'Roll back or fix fn_a; its change preview lists who is behind GET /v2/a. The budget view shows what is left.',
    });
  });

  it.each([
    // 5 of the 9 on rt_a, 4 on rt_b
    [
      'route',
      [
        ['rt_a', 55.56],
        ['rt_b', 44.44],
      ],
    ],
    // rt_a is fn_a's alone; rt_b's 4 split 3:1 like fn_b1's and fn_b2's 30 and 10 failures that day
    [
      'function',
      [
        ['fn_a', 55.56],
        ['fn_b1', 33.33],
        ['fn_b2', 11.11],
      ],
    ],
    // 3 each: the extra hundredth goes to the first by id
    [
      'consumer',
      [
        ['con_a', 33.34],
        ['con_b', 33.33],
        ['con_c', 33.33],
      ],
    ],
  ])('attributes its 5xx by %s, shares adding up to exactly 100', async (dimension, expected) => {
    const got = await shares(db(), dimension);
    expect(got).toEqual(expected);
    expect(got.reduce((sum, [, pct]) => sum + Math.round(pct * 100), 0)).toBe(10_000);
  });

  it('lists it among v_alerts, against the function that burned most, with its burn rate', async () => {
    const rows = await db().query(
      `select alert_id, kind, severity, target_type, target_id, label, burn_rate, what_if_kind, what_if_target_id,
         target_href from v_alerts where kind = 'error_budget_burn'`,
    );
    expect(rows).toEqual([
      {
        alert_id: alertId,
        kind: 'error_budget_burn',
        severity: 'critical',
        target_type: 'function',
        target_id: 'fn_a',
        label: 'fn_a',
        burn_rate: 14.4,
        what_if_kind: 'change',
        what_if_target_id: 'fn_a',
        target_href: '/app/api/functions/fn_a',
      },
    ]);
  });

  it('names the consumers whose requests it failed', async () => {
    const rows = await db().query(
      `select consumer_id, name, role, href from v_alert_consumers where alert_id = $alert order by consumer_id`,
      { alert: alertId },
    );
    expect(rows).toEqual(
      ['con_a', 'con_b', 'con_c'].map((id) => ({
        consumer_id: id,
        name: `Name ${id}`,
        role: 'burner',
        href: `/app/api/consumers/${id}`,
      })),
    );
  });

  it('spends the budget on its day and hour, as the daily facts count it', async () => {
    const [day] = await db().query(
      `select requests, status_5xx, burn_rate, budget_spent_pct, cumulative_spent_pct, budget_remaining_pct
       from v_budget_burn_daily where day = '2026-10-24'`,
    );
    expect(day).toEqual({
      requests: 625 * factor,
      status_5xx: 9 * factor,
      burn_rate: 14.4,
      budget_spent_pct: 1440,
      cumulative_spent_pct: 1440,
      budget_remaining_pct: 0,
    });
    const hours = await db().query(
      `select hour, sample_requests, sample_5xx, requests, status_5xx, burn_rate from v_budget_burn_hourly
       where requests > 0`,
    );
    expect(hours).toEqual([
      {
        hour: '2026-10-24 12:00:00',
        sample_requests: 625,
        sample_5xx: 9,
        requests: 625 * factor,
        status_5xx: 9 * factor,
        burn_rate: 14.4,
      },
    ]);
    const [availability] = await db().query<{ a: number; b: number }>(
      `select (select budget_spent_pct from v_availability) as a,
         (select cumulative_spent_pct from v_budget_burn_daily order by day desc limit 1) as b`,
    );
    expect(availability?.b).toBe(availability?.a);
  });

  it('says who burned the period’s budget from the daily facts, shares adding up to 100', async () => {
    const rows = await db().query(
      `select dimension, target_id, label, status_5xx, share_pct, budget_spent_pct, rank, href
       from v_budget_burn_attribution where dimension = 'route' order by rank`,
    );
    expect(rows).toEqual([
      {
        dimension: 'route',
        target_id: 'rt_a',
        label: 'GET /v2/a',
        status_5xx: 5 * factor,
        share_pct: 55.56,
        budget_spent_pct: 800,
        rank: 1,
        href: '/app/api/routes/rt_a',
      },
      {
        dimension: 'route',
        target_id: 'rt_b',
        label: 'GET /v2/b',
        status_5xx: 4 * factor,
        share_pct: 44.44,
        budget_spent_pct: 640,
        rank: 2,
        href: '/app/api/routes/rt_b',
      },
    ]);
  });
});
