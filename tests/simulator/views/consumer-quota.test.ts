// v_consumer_quota: burn is the last recorded running total over the consumer's quota for the
// period, at risk from 80% (79.99% is not); 429s summed from traffic_daily.
import { describe, expect, it } from 'vitest';
import { baseFixture, useFixture } from '../../helpers/fixture-db.ts';
import { consumer, key, route, traffic, type QuotaRow } from '../../helpers/fixture-rows.ts';

const quota = (
  consumer_id: string,
  day: string,
  requests_counted: number,
  cumulative_requests: number,
): QuotaRow => ({
  day,
  consumer_id,
  requests_counted,
  cumulative_requests,
});

const db = useFixture({
  ...baseFixture(),
  consumers: [
    consumer({ consumer_id: 'con_at', quota_requests_per_period: 1_000_000 }),
    consumer({
      consumer_id: 'con_under',
      quota_requests_per_period: 1_000_000,
      consumer_type: 'team',
      plan: 'Internal',
    }),
    consumer({
      consumer_id: 'con_over',
      quota_requests_per_period: 100_000,
      plan: 'Sandbox',
      primary_caller_kind: 'assistant',
    }),
    consumer({ consumer_id: 'con_quiet', quota_requests_per_period: 5_000_000, plan: 'Enterprise' }),
  ],
  keys: [key({ key_id: 'key_a' })],
  routes: [route({ route_id: 'rt_a' })],
  quota_daily: [
    // con_at: running total 300,000 then 800,000 on the last day: 800,000/1,000,000 = 80%.
    quota('con_at', '2026-10-30', 300_000, 300_000),
    quota('con_at', '2026-10-31', 500_000, 800_000),
    // con_under: 799,900/1,000,000 = 79.99%. Rows listed out of day order on purpose.
    quota('con_under', '2026-10-31', 99_900, 799_900),
    quota('con_under', '2026-10-22', 700_000, 700_000),
    // con_over: 123,456/100,000 = 123.456% (views do not round; the console rounds once).
    quota('con_over', '2026-10-31', 123_456, 123_456),
  ],
  traffic_daily: [
    // con_over was refused 1,200 + 34 = 1,234 times.
    traffic({
      day: '2026-10-30',
      route_id: 'rt_a',
      consumer_id: 'con_over',
      key_id: 'key_a',
      requests: 5_000,
      status_4xx: 1_200,
      throttled_429: 1_200,
    }),
    traffic({
      day: '2026-10-31',
      route_id: 'rt_a',
      consumer_id: 'con_over',
      key_id: 'key_a',
      requests: 100,
      status_4xx: 34,
      throttled_429: 34,
    }),
  ],
});

describe('v_consumer_quota', () => {
  it.each([
    // 80%: at risk, at the threshold.
    {
      consumer_id: 'con_at',
      quota_requests_per_period: 1_000_000,
      used_requests: 800_000,
      quota_burn_pct: 80,
      throttled_429: 0,
      is_at_risk: true,
    },
    // 79.99%: not at risk.
    {
      consumer_id: 'con_under',
      quota_requests_per_period: 1_000_000,
      used_requests: 799_900,
      quota_burn_pct: 79.99,
      throttled_429: 0,
      is_at_risk: false,
    },
    // Over the quota: 123.456%, at risk; 1,234 throttled.
    {
      consumer_id: 'con_over',
      quota_requests_per_period: 100_000,
      used_requests: 123_456,
      quota_burn_pct: 123.456,
      throttled_429: 1_234,
      is_at_risk: true,
    },
    // No quota rows: nothing used, 0%.
    {
      consumer_id: 'con_quiet',
      quota_requests_per_period: 5_000_000,
      used_requests: 0,
      quota_burn_pct: 0,
      throttled_429: 0,
      is_at_risk: false,
    },
  ])('$consumer_id', async (expected) => {
    const rows = await db().query(
      `select consumer_id, quota_requests_per_period, used_requests, quota_burn_pct, throttled_429, is_at_risk
       from v_consumer_quota where consumer_id = $consumer_id`,
      { consumer_id: expected.consumer_id },
    );
    expect(rows).toEqual([expected]);
  });

  it('carries the consumer attributes through', async () => {
    const rows = await db().query(
      "select name, consumer_type, plan, primary_caller_kind from v_consumer_quota where consumer_id = 'con_under'",
    );
    expect(rows).toEqual([
      { name: 'con_under', consumer_type: 'team', plan: 'Internal', primary_caller_kind: 'human' },
    ]);
  });
});
