// The consumer views on a small hand-computed estate (base fixture: 10 days to 2026-10-31):
//   con_big (quota 1,000): rt_a via key_big 400/day on 10-30 and 10-31 (100 human, 200 automation,
//     100 assistant; 40 4xx of which 20 are 429s, 10 5xx), rt_b via key_shared 100 assistant on 10-31;
//     counted against quota 380 then 480: 860 (86%, at risk), 40 429s of 900 (4.44%): a throttle storm.
//   con_small (quota 100,000): rt_b via key_shared 50 human on 10-31; also holds key_unused.
//   con_none: holds nothing, calls nothing.
import { describe, expect, it } from 'vitest';
import { baseFixture, useFixture } from '../../helpers/fixture-db.ts';
import { consumer, key, route, traffic } from '../../helpers/fixture-rows.ts';

const db = useFixture({
  ...baseFixture(),
  consumers: [
    consumer({
      consumer_id: 'con_big',
      name: 'Big Co',
      quota_requests_per_period: 1_000,
      primary_caller_kind: 'automation',
    }),
    consumer({ consumer_id: 'con_small', name: 'Small Co', quota_requests_per_period: 100_000 }),
    consumer({ consumer_id: 'con_none', name: 'Idle Co' }),
  ],
  keys: [
    key({ key_id: 'key_big', name: 'big-prod', rpm_budget: 100 }),
    key({ key_id: 'key_shared', name: 'shared-prod' }),
    key({ key_id: 'key_unused', name: 'unused-prod', last_used_at: null }),
  ],
  consumer_keys: [
    { consumer_id: 'con_big', key_id: 'key_big' },
    { consumer_id: 'con_big', key_id: 'key_shared' },
    { consumer_id: 'con_small', key_id: 'key_shared' },
    { consumer_id: 'con_small', key_id: 'key_unused' },
  ],
  routes: [
    route({ route_id: 'rt_a', path: '/v2/a' }),
    route({ route_id: 'rt_b', method: 'POST', path: '/v2/b' }),
  ],
  consumer_routes: [
    { consumer_id: 'con_big', route_id: 'rt_a', key_id: 'key_big' },
    { consumer_id: 'con_big', route_id: 'rt_b', key_id: 'key_shared' },
    { consumer_id: 'con_small', route_id: 'rt_b', key_id: 'key_shared' },
  ],
  traffic_daily: [
    ...['2026-10-30', '2026-10-31'].map((day) =>
      traffic({
        day,
        route_id: 'rt_a',
        consumer_id: 'con_big',
        key_id: 'key_big',
        requests: 400,
        requests_automation: 200,
        requests_assistant: 100,
        status_4xx: 40,
        status_5xx: 10,
        throttled_429: 20,
      }),
    ),
    traffic({
      day: '2026-10-31',
      route_id: 'rt_b',
      consumer_id: 'con_big',
      key_id: 'key_shared',
      requests: 100,
      requests_assistant: 100,
    }),
    traffic({
      day: '2026-10-31',
      route_id: 'rt_b',
      consumer_id: 'con_small',
      key_id: 'key_shared',
      requests: 50,
    }),
  ],
  quota_daily: [
    { day: '2026-10-30', consumer_id: 'con_big', requests_counted: 380, cumulative_requests: 380 },
    { day: '2026-10-31', consumer_id: 'con_big', requests_counted: 480, cumulative_requests: 860 },
    { day: '2026-10-31', consumer_id: 'con_small', requests_counted: 50, cumulative_requests: 50 },
  ],
});

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
      throttled_pct: 4.44,
      requests_total: 900,
      requests_per_day: 90,
      // (80 4xx + 20 5xx) of 900
      error_pct: 11.11,
      status_5xx: 20,
      keys: 2,
      active_keys: 2,
      routes: 2,
      high_blast_keys: 0,
      human_share_pct: 22.22,
      automation_share_pct: 44.44,
      assistant_share_pct: 33.33,
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

describe('v_consumer_keys', () => {
  it('lists the keys a consumer holds or uses, its use of each, their holders and blast', async () => {
    const rows = await db().query(
      `select c.consumer_id, c.key_id, c.name, c.holders, c.requests_per_day, c.throttled_429, c.is_unused, c.href,
         c.blast_score = s.score as blast_agrees
       from v_consumer_keys c join v_blast_score s on s.target_id = c.key_id order by c.consumer_id, c.key_id`,
    );
    expect(rows).toEqual([
      {
        consumer_id: 'con_big',
        key_id: 'key_big',
        name: 'big-prod',
        holders: 1,
        requests_per_day: 80,
        throttled_429: 40,
        is_unused: false,
        href: '/app/api/keys/key_big',
        blast_agrees: true,
      },
      {
        consumer_id: 'con_big',
        key_id: 'key_shared',
        name: 'shared-prod',
        holders: 2,
        requests_per_day: 10,
        throttled_429: 0,
        is_unused: false,
        href: '/app/api/keys/key_shared',
        blast_agrees: true,
      },
      {
        consumer_id: 'con_small',
        key_id: 'key_shared',
        name: 'shared-prod',
        holders: 2,
        requests_per_day: 5,
        throttled_429: 0,
        is_unused: false,
        href: '/app/api/keys/key_shared',
        blast_agrees: true,
      },
      {
        consumer_id: 'con_small',
        key_id: 'key_unused',
        name: 'unused-prod',
        holders: 1,
        requests_per_day: 0,
        throttled_429: 0,
        is_unused: true,
        href: '/app/api/keys/key_unused',
        blast_agrees: true,
      },
    ]);
  });
});

describe('v_consumer_routes', () => {
  it('lists the routes a consumer calls with its requests/day, errors, 429s and assistant share there', async () => {
    const rows = await db().query(
      `select route_id, label, requests_per_day, error_pct, throttled_429, agent_share_pct, keys, href
       from v_consumer_routes where consumer_id = 'con_big' order by route_id`,
    );
    expect(rows).toEqual([
      // 800 requests: 80 4xx + 20 5xx = 12.5%; 200 assistant = 25%
      {
        route_id: 'rt_a',
        label: 'GET /v2/a',
        requests_per_day: 80,
        error_pct: 12.5,
        throttled_429: 40,
        agent_share_pct: 25,
        keys: 1,
        href: '/app/api/routes/rt_a',
      },
      {
        route_id: 'rt_b',
        label: 'POST /v2/b',
        requests_per_day: 10,
        error_pct: 0,
        throttled_429: 0,
        agent_share_pct: 100,
        keys: 1,
        href: '/app/api/routes/rt_b',
      },
    ]);
  });
});

describe('v_consumer_caller_mix', () => {
  it.each([
    [
      'con_big',
      [
        ['human', 200, 22.22],
        ['automation', 400, 44.44],
        ['assistant', 300, 33.33],
      ],
    ],
    [
      'con_small',
      [
        ['human', 50, 100],
        ['automation', 0, 0],
        ['assistant', 0, 0],
      ],
    ],
    // no traffic: three rows, no shares
    [
      'con_none',
      [
        ['human', 0, null],
        ['automation', 0, null],
        ['assistant', 0, null],
      ],
    ],
  ])('%s: always human, automation, assistant', async (id, expected) => {
    const rows = await db().query<{ caller_kind: string; requests: number; share_pct: number | null }>(
      'select caller_kind, requests, share_pct from v_consumer_caller_mix where consumer_id = $id order by sort_order',
      { id },
    );
    expect(rows.map((r) => [r.caller_kind, r.requests, r.share_pct])).toEqual(expected);
  });
});

describe('consumers named where they appear', () => {
  it('names the throttle storm’s consumer as its target, linking the consumer and the key’s what-if', async () => {
    const alerts = await db().query(
      `select alert_id, target_href, href, what_if_kind, what_if_target_id from v_alerts where kind = 'throttle_storm'`,
    );
    expect(alerts).toEqual([
      {
        alert_id: 'throttle_storm:con_big',
        target_href: '/app/api/consumers/con_big',
        href: '/app/api/keys/key_big#what-if',
        what_if_kind: 'throttle',
        what_if_target_id: 'key_big',
      },
    ]);
    expect(await db().query('select consumer_id, name, role, href from v_alert_consumers')).toEqual([
      { consumer_id: 'con_big', name: 'Big Co', role: 'target', href: '/app/api/consumers/con_big' },
    ]);
  });

  it.each([
    ['v_key_dependents', "key_id = 'key_shared'"],
    ['v_route_dependents', "route_id = 'rt_b'"],
    ['v_preview_rotate_key_consumers', "key_id = 'key_shared'"],
    ['v_preview_retire_route_dependents', "route_id = 'rt_b'"],
  ])('%s names and links each consumer', async (view, where) => {
    const rows = await db().query<{ consumer_id: string; consumer_href: string }>(
      `select consumer_id, consumer_href from ${view} where ${where} order by consumer_id`,
    );
    expect(rows).toEqual(
      ['con_big', 'con_small'].map((id) => ({ consumer_id: id, consumer_href: `/app/api/consumers/${id}` })),
    );
  });
});
