// The period and the per-day traffic views: v_period, v_requests_daily, v_route_requests_daily,
// v_route_latency_daily and v_route_dependents, against a 10-day base fixture.
import { describe, expect, it } from 'vitest';
import { baseFixture, useFixture } from '../../helpers/fixture-db.ts';
import { consumer, key, logLine, route, traffic } from '../../helpers/fixture-rows.ts';

const db = useFixture({
  ...baseFixture(),
  consumers: [
    consumer({ consumer_id: 'con_a' }),
    consumer({ consumer_id: 'con_b', primary_caller_kind: 'assistant' }),
  ],
  keys: [key({ key_id: 'key_a' }), key({ key_id: 'key_b' })],
  routes: [route({ route_id: 'rt_a' }), route({ route_id: 'rt_b' })],
  // con_b also declares rt_b through key_b, with no traffic.
  consumer_routes: [{ consumer_id: 'con_b', route_id: 'rt_b', key_id: 'key_b' }],
  traffic_daily: [
    // 2026-10-22 (first day): rt_a 100 (con_a) + 300 (con_b, 60 assistant, 7 4xx, 2 5xx).
    traffic({ day: '2026-10-22', route_id: 'rt_a', consumer_id: 'con_a', key_id: 'key_a', requests: 100 }),
    traffic({
      day: '2026-10-22',
      route_id: 'rt_a',
      consumer_id: 'con_b',
      key_id: 'key_b',
      requests: 300,
      requests_assistant: 60,
      status_4xx: 7,
      status_5xx: 2,
    }),
    // 2026-10-31 (last day): rt_b 50 from con_a.
    traffic({ day: '2026-10-31', route_id: 'rt_b', consumer_id: 'con_a', key_id: 'key_a', requests: 50 }),
  ],
  log_sample: [
    // rt_a on 10-22: totals 10, 20, 30, 40 ms. Nearest rank: p50 is the 2nd (20), p99 the 4th (40).
    ...[10, 20, 30, 40].map((total) =>
      logLine({ day: '2026-10-22', route_id: 'rt_a', edge_ms: 2, origin_ms: total - 2 }),
    ),
  ],
});

describe('v_period', () => {
  it('runs from period_start to the day before as_of', async () => {
    expect(await db().query('select * from v_period')).toEqual([
      { as_of: '2026-11-01', period_start: '2026-10-22', period_end: '2026-10-31', days: 10 },
    ]);
  });
});

describe('v_requests_daily', () => {
  it('has one row per simulated day, zero on days without traffic', async () => {
    const rows = await db().query<{ day: string; requests: number }>(
      'select * from v_requests_daily order by day',
    );
    // 10 days; 100 + 300 = 400 on the first, 50 on the last, 0 between.
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({ day: '2026-10-22', requests: 400 });
    expect(rows[9]).toEqual({ day: '2026-10-31', requests: 50 });
    expect(rows.slice(1, 9).every((row) => row.requests === 0)).toBe(true);
  });
});

describe('v_route_requests_daily', () => {
  it.each([
    // rt_a on 10-22: 100 + 300 requests; errors 7 + 2 = 9; 60 from assistants.
    { day: '2026-10-22', route_id: 'rt_a', requests: 400, errors: 9, requests_assistant: 60 },
    // rt_b on 10-31: 50, no errors.
    { day: '2026-10-31', route_id: 'rt_b', requests: 50, errors: 0, requests_assistant: 0 },
  ])('$route_id on $day', async (expected) => {
    const rows = await db().query('select * from v_route_requests_daily where route_id = $r and day = $d', {
      r: expected.route_id,
      d: expected.day,
    });
    expect(rows).toEqual([expected]);
  });
});

describe('v_route_latency_daily', () => {
  it('gives nearest-rank percentiles of edge + origin per route and day', async () => {
    expect(await db().query('select * from v_route_latency_daily')).toEqual([
      { day: '2026-10-22', route_id: 'rt_a', p50_ms: 20, p99_ms: 40, sample_requests: 4 },
    ]);
  });
});

describe('v_route_dependents', () => {
  it.each([
    // 100 / 10 days; no assistants.
    {
      route_id: 'rt_a',
      consumer_id: 'con_a',
      key_id: 'key_a',
      requests_per_day: 10,
      agent_share_pct: 0,
      primary_caller_kind: 'human',
    },
    // 300 / 10; 60/300 = 20% assistant.
    {
      route_id: 'rt_a',
      consumer_id: 'con_b',
      key_id: 'key_b',
      requests_per_day: 30,
      agent_share_pct: 20,
      primary_caller_kind: 'assistant',
    },
    // 50 / 10.
    {
      route_id: 'rt_b',
      consumer_id: 'con_a',
      key_id: 'key_a',
      requests_per_day: 5,
      agent_share_pct: 0,
      primary_caller_kind: 'human',
    },
    // Declared only: no traffic, no share.
    {
      route_id: 'rt_b',
      consumer_id: 'con_b',
      key_id: 'key_b',
      requests_per_day: 0,
      agent_share_pct: null,
      primary_caller_kind: 'assistant',
    },
  ])('$route_id ← $consumer_id via $key_id', async (expected) => {
    const rows = await db().query(
      'select * from v_route_dependents where route_id = $r and consumer_id = $c and key_id = $k',
      { r: expected.route_id, c: expected.consumer_id, k: expected.key_id },
    );
    // every edge names its consumer and links its page
    const named = {
      ...expected,
      consumer_name: expected.consumer_id,
      consumer_href: `/app/api/consumers/${expected.consumer_id}`,
    };
    expect(rows).toEqual([named]);
  });

  it('has no other edges', async () => {
    expect(await db().query('select count(*)::INTEGER as n from v_route_dependents')).toEqual([{ n: 4 }]);
  });
});
