// A consumer's lists on consumers-fixture.ts: its keys, routes and caller mix, and the alerts,
// dependents and previews that name it.
import { describe, expect, it } from 'vitest';
import { useFixture } from '../../helpers/fixture-db.ts';
import { consumersFixture } from './consumers-fixture.ts';

const db = useFixture(consumersFixture);

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
        // shares of 900 requests, unrounded (the console rounds once)
        ['human', 200, (200 * 100) / 900],
        ['automation', 400, (400 * 100) / 900],
        ['assistant', 300, (300 * 100) / 900],
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
