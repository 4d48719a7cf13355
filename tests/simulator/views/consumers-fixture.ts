// A small hand-computed estate for the consumer views (base fixture: 10 days to 2026-10-31):
//   con_big (quota 1,000): rt_a via key_big 400/day on 10-30 and 10-31 (100 human, 200 automation,
//     100 assistant; 40 4xx of which 20 are 429s, 10 5xx), rt_b via key_shared 100 assistant on 10-31;
//     counted against quota 380 then 480: 860 (86%, at risk), 40 429s of 900 (4.44%): a throttle storm.
//   con_small (quota 100,000): rt_b via key_shared 50 human on 10-31; also holds key_unused.
//   con_none: holds nothing, calls nothing.
import { baseFixture, type FixtureRows } from '../../helpers/fixture-db.ts';
import { consumer, key, route, traffic } from '../../helpers/fixture-rows.ts';

/** The estate described above. */
export function consumersFixture(): FixtureRows {
  return {
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
  };
}
