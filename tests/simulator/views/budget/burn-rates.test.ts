// v_budget_burn_rates: the SRE workbook's multiwindow, multi-burn-rate rules at their edges. A rule
// fires when both windows burn at or above its rate (≥) and the long window holds enough sampled
// 5xx; exactly 14.4× and 6× fire, a hair under does not.
import { describe, expect, it } from 'vitest';
import { useFixture } from '../../../helpers/fixture-db.ts';
import { budgetEstate, fastBurn, requests, slowBurn } from './budget-fixture.ts';

interface RateRow {
  long_burn_rate: number | null;
  short_burn_rate: number | null;
  long_sample_5xx: number;
  fires: boolean;
}

const db = useFixture(() =>
  budgetEstate([
    ...fastBurn('2026-10-23'),
    ...fastBurn('2026-10-24', 1),
    // 2026-10-25: 4 of 200 requests in an hour fail at its end: 20×, but 4 sampled 5xx are chance
    ...requests('2026-10-25', '12:00:00', 3600, 200, (i) =>
      i >= 196 ? { route_id: 'rt_a', consumer_id: 'con_a', key_id: 'key_a' } : null,
    ),
    ...slowBurn('2026-10-26'),
    ...slowBurn('2026-10-27', 1),
  ]),
);

const rate = async (rule: string, evaluatedAt: string): Promise<RateRow | undefined> => {
  const [row] = await db().query<RateRow>(
    `select long_burn_rate, short_burn_rate, long_sample_5xx, fires from v_budget_burn_rates
     where rule = $rule and evaluated_at = $at::TIMESTAMP`,
    { rule, at: evaluatedAt },
  );
  return row;
};

describe('v_budget_burn_rates at the edges', () => {
  it.each([
    // 9 of 625 in the hour to 13:00 = 1.44% = 14.4 × 0.1%; 9 of the 52 in 12:55–13:00
    ['fast: exactly 14.4× over 1 h, confirmed over 5 min, fires', 'fast', '2026-10-23 13:00:00', 14.4, true],
    // 9 of 626 = 14.377×
    ['fast: 9 of 626 (14.38×) does not', 'fast', '2026-10-24 13:00:00', 14.376996805, false],
    // the hour to 13:05 still burns (9 of 572) but 13:00–13:05 has no request: no confirmation
    [
      'fast: a long window the short one no longer confirms does not',
      'fast',
      '2026-10-23 13:05:00',
      15.734265734,
      false,
    ],
    // 4 of 200 = 20×, confirmed, but 4 sampled 5xx is under burn_min_sample_5xx (5)
    ['fast: a burn on fewer than 5 sampled 5xx does not', 'fast', '2026-10-25 13:00:00', 20, false],
    // 6 of 1,000 in the 6 hours to 12:00 = 0.6% = 6 × 0.1%; 5 of the last 83 in 11:30–12:00
    ['slow: exactly 6× over 6 h, confirmed over 30 min, fires', 'slow', '2026-10-26 12:00:00', 6, true],
    // 6 of 1,001 = 5.994×
    ['slow: 6 of 1,001 (5.99×) does not', 'slow', '2026-10-27 12:00:00', 5.994005994, false],
  ])('%s', async (_case, rule, evaluatedAt, burn, fires) => {
    const row = await rate(rule, evaluatedAt);
    expect(row?.long_burn_rate).toBe(burn);
    expect(row?.fires).toBe(fires);
  });

  it('confirms the exact fast burn with its short window and counts its sampled 5xx', async () => {
    // 9 of the 52 requests in 12:55–13:00
    expect(await rate('fast', '2026-10-23 13:00:00')).toMatchObject({
      long_sample_5xx: 9,
      short_burn_rate: 173.076923077,
    });
  });

  it('fires nowhere else on the days just under', async () => {
    const rows = await db().query(
      `select rule, evaluated_at from v_budget_burn_rates where fires
       and ((rule = 'fast' and evaluated_at::DATE in ('2026-10-24', '2026-10-25'))
         or (rule = 'slow' and evaluated_at::DATE = '2026-10-27' and evaluated_at <= '2026-10-27 12:00:00'))`,
    );
    expect(rows).toEqual([]);
  });

  it('evaluates the three rules every 5 minutes of the period, with their windows and thresholds', async () => {
    const rows = await db().query(
      `select rule, count(*)::INTEGER as evaluations, min(evaluated_at) as first, max(evaluated_at) as last,
         any_value(burn_rate_threshold) as threshold, any_value(long_window_minutes) as long_minutes,
         any_value(short_window_minutes) as short_minutes
       from v_budget_burn_rates group by rule order by rule`,
    );
    // 10 days × 288 five-minute steps, from 00:05 of the first day to 00:00 of as_of
    expect(rows).toEqual([
      {
        rule: 'fast',
        evaluations: 2880,
        first: '2026-10-22 00:05:00',
        last: '2026-11-01 00:00:00',
        threshold: 14.4,
        long_minutes: 60,
        short_minutes: 5,
      },
      {
        rule: 'slow',
        evaluations: 2880,
        first: '2026-10-22 00:05:00',
        last: '2026-11-01 00:00:00',
        threshold: 6,
        long_minutes: 360,
        short_minutes: 30,
      },
      {
        rule: 'sustained',
        evaluations: 2880,
        first: '2026-10-22 00:05:00',
        last: '2026-11-01 00:00:00',
        threshold: 1,
        long_minutes: 4320,
        short_minutes: 360,
      },
    ]);
  });
});
