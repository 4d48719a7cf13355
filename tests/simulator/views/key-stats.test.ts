// v_key_stats and v_key_dependents: the unused label at its 29/30-day edge (as_of 2026-11-01),
// dependents from holders and observed use, and traffic per day over the 10-day base period.
import { describe, expect, it } from 'vitest';
import { baseFixture, useFixture } from '../../helpers/fixture-db.ts';
import { consumer, key, route, traffic } from '../../helpers/fixture-rows.ts';

const db = useFixture({
  ...baseFixture(),
  consumers: ['con_a', 'con_b', 'con_c'].map((consumer_id, i) =>
    consumer({ consumer_id, primary_caller_kind: (['human', 'automation', 'assistant'] as const)[i] }),
  ),
  keys: [
    // 2026-11-01 − 2026-10-03 = 29 days: still in use.
    key({ key_id: 'key_29d', last_used_at: '2026-10-03 23:59:59' }),
    // 2026-11-01 − 2026-10-02 = 30 days: unused.
    key({ key_id: 'key_30d', last_used_at: '2026-10-02 00:00:01', status: 'expiring' }),
    // Never used: unused, no day count.
    key({ key_id: 'key_never', last_used_at: null, environment: 'sandbox', plan: 'Sandbox' }),
    // Used on the last simulated day: 1 day before as_of.
    key({ key_id: 'key_busy', last_used_at: '2026-10-31 18:00:00' }),
  ],
  // key_busy is held by con_a and con_b; con_c uses it without holding it (observed in traffic).
  consumer_keys: [
    { consumer_id: 'con_a', key_id: 'key_busy' },
    { consumer_id: 'con_b', key_id: 'key_busy' },
    { consumer_id: 'con_a', key_id: 'key_29d' },
  ],
  routes: [route({ route_id: 'rt_a' }), route({ route_id: 'rt_b' }), route({ route_id: 'rt_c' })],
  traffic_daily: [
    // key_busy: 3,000 + 1,500 + 500 = 5,000 requests over 10 days = 500/day, on rt_a and rt_b.
    traffic({
      day: '2026-10-30',
      route_id: 'rt_a',
      consumer_id: 'con_a',
      key_id: 'key_busy',
      requests: 3_000,
    }),
    traffic({
      day: '2026-10-31',
      route_id: 'rt_b',
      consumer_id: 'con_b',
      key_id: 'key_busy',
      requests: 1_500,
    }),
    traffic({ day: '2026-10-31', route_id: 'rt_a', consumer_id: 'con_c', key_id: 'key_busy', requests: 500 }),
    // A zero-request row reaches no route.
    traffic({ day: '2026-10-31', route_id: 'rt_c', consumer_id: 'con_c', key_id: 'key_busy', requests: 0 }),
  ],
});

describe('v_key_stats', () => {
  it.each([
    // 29 days since last use: not unused (the threshold is 30).
    {
      key_id: 'key_29d',
      days_since_used: 29,
      is_unused: false,
      dependents: 1,
      requests_per_day: 0,
      routes: 0,
    },
    // 30 days since last use: unused.
    {
      key_id: 'key_30d',
      days_since_used: 30,
      is_unused: true,
      dependents: 0,
      requests_per_day: 0,
      routes: 0,
    },
    // Never used: unused.
    {
      key_id: 'key_never',
      days_since_used: null,
      is_unused: true,
      dependents: 0,
      requests_per_day: 0,
      routes: 0,
    },
    // con_a, con_b (holders) + con_c (observed) = 3 dependents; 5,000 / 10 = 500/day; rt_a, rt_b.
    {
      key_id: 'key_busy',
      days_since_used: 1,
      is_unused: false,
      dependents: 3,
      requests_per_day: 500,
      routes: 2,
    },
  ])('$key_id', async (expected) => {
    const rows = await db().query(
      `select key_id, days_since_used, is_unused, dependents, requests_per_day, routes
       from v_key_stats where key_id = $key_id`,
      { key_id: expected.key_id },
    );
    expect(rows).toEqual([expected]);
  });

  it('carries the registry attributes through, never the hash', async () => {
    const rows = await db().query<Record<string, unknown>>('select * from v_key_stats where key_id = $id', {
      id: 'key_never',
    });
    expect(rows[0]).toMatchObject({
      environment: 'sandbox',
      plan: 'Sandbox',
      status: 'active',
      last_used_at: null,
    });
    expect(rows[0]).not.toHaveProperty('key_hash_sha256');
  });
});

describe('v_key_dependents', () => {
  it.each([
    // Holder, 3,000 requests / 10 days.
    { consumer_id: 'con_a', requests_per_day: 300, primary_caller_kind: 'human' },
    // Holder, 1,500 / 10.
    { consumer_id: 'con_b', requests_per_day: 150, primary_caller_kind: 'automation' },
    // Observed only: (500 + 0) / 10.
    { consumer_id: 'con_c', requests_per_day: 50, primary_caller_kind: 'assistant' },
  ])('key_busy ← $consumer_id', async (expected) => {
    const rows = await db().query(
      `select consumer_id, requests_per_day, primary_caller_kind from v_key_dependents
       where key_id = 'key_busy' and consumer_id = $consumer_id`,
      { consumer_id: expected.consumer_id },
    );
    expect(rows).toEqual([expected]);
  });

  it('lists a holder with no traffic at 0 requests/day', async () => {
    const rows = await db().query(
      "select consumer_id, requests_per_day from v_key_dependents where key_id = 'key_29d'",
    );
    expect(rows).toEqual([{ consumer_id: 'con_a', requests_per_day: 0 }]);
  });
});
