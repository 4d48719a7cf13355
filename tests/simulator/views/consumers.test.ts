// The consumer screen's views on consumers-fixture.ts: v_consumer_stats and the daily quota burn.
import { describe, expect, it } from 'vitest';
import { useFixture } from '../../helpers/fixture-db.ts';
import { consumersFixture } from './consumers-fixture.ts';

const db = useFixture(consumersFixture);

describe('v_consumer_stats', () => {
  it('gives a consumer its quota, burn, 429s, traffic, keys, routes, caller mix and alerts', async () => {
    const [row] = await db().query(
      `select * exclude (top_key_blast_score) from v_consumer_stats where consumer_id = 'con_big'`,
    );
    expect(row).toEqual({
      consumer_id: 'con_big',
      name: 'Big Co',
      consumer_type: 'customer',
      plan: 'Growth',
      primary_caller_kind: 'automation',
      quota_requests_per_period: 1_000,
      used_requests: 860,
      quota_burn_pct: 86,
      quota_risk_pct: 80,
      is_at_risk: true,
      throttled_429: 40,
      throttled_pct: (40 * 100) / 900, // unrounded: the console rounds once
      requests_total: 900,
      requests_per_day: 90,
      // (80 4xx + 20 5xx) of 900
      error_pct: (100 * 100) / 900,
      status_5xx: 20,
      keys: 2,
      active_keys: 2,
      routes: 2,
      high_blast_keys: 0,
      human_share_pct: (200 * 100) / 900,
      automation_share_pct: (400 * 100) / 900,
      assistant_share_pct: (300 * 100) / 900,
      alerts: 1,
      href: '/app/api/consumers/con_big',
    });
  });

  it('carries the highest blast score among its keys', async () => {
    const rows = await db().query(
      `select c.consumer_id, c.top_key_blast_score = (select max(s.score) from v_blast_score s
         where s.target_id in (select key_id from consumer_keys k where k.consumer_id = c.consumer_id)) as agrees
       from v_consumer_stats c where c.consumer_id <> 'con_none' order by 1`,
    );
    expect(rows).toEqual([
      { consumer_id: 'con_big', agrees: true },
      { consumer_id: 'con_small', agrees: true },
    ]);
  });

  it('lists a consumer with nothing as such: no traffic, no keys, rates null', async () => {
    const [row] = await db().query(
      `select used_requests, quota_burn_pct, is_at_risk, requests_total, error_pct, keys, routes,
         top_key_blast_score, human_share_pct, alerts from v_consumer_stats where consumer_id = 'con_none'`,
    );
    expect(row).toEqual({
      used_requests: 0,
      quota_burn_pct: 0,
      is_at_risk: false,
      requests_total: 0,
      error_pct: null,
      keys: 0,
      routes: 0,
      top_key_blast_score: null,
      human_share_pct: null,
      alerts: 0,
    });
  });
});

describe('v_consumer_burn_daily', () => {
  it('runs the quota burn every day beside the 80% line and the even pace', async () => {
    const rows = await db().query(
      `select day, requests_counted, cumulative_requests, cumulative_burn_pct, even_pace_pct, threshold_pct,
         threshold_requests, throttled_429, is_at_risk
       from v_consumer_burn_daily where consumer_id = 'con_big' and day >= '2026-10-29' order by day`,
    );
    expect(rows).toEqual([
      // no quota row before 10-30: nothing counted yet
      {
        day: '2026-10-29',
        requests_counted: 0,
        cumulative_requests: 0,
        cumulative_burn_pct: 0,
        even_pace_pct: 80,
        threshold_pct: 80,
        threshold_requests: 800,
        throttled_429: 0,
        is_at_risk: false,
      },
      {
        day: '2026-10-30',
        requests_counted: 380,
        cumulative_requests: 380,
        cumulative_burn_pct: 38,
        even_pace_pct: 90,
        threshold_pct: 80,
        threshold_requests: 800,
        throttled_429: 20,
        is_at_risk: false,
      },
      {
        day: '2026-10-31',
        requests_counted: 480,
        cumulative_requests: 860,
        cumulative_burn_pct: 86,
        even_pace_pct: 100,
        threshold_pct: 80,
        threshold_requests: 800,
        throttled_429: 20,
        is_at_risk: true,
      },
    ]);
  });

  it('has a row for every consumer on every day of the period', async () => {
    expect(await db().query('select count(*)::INTEGER as n from v_consumer_burn_daily')).toEqual([{ n: 30 }]);
  });
});
