// v_blast_score and v_blast_board on the hand-computed blast fixture. Constants (v_blast_constants):
// dependents 25 × (1 − e^(−D/15)), for a key e^(−D/1.5); traffic 35 × ln(1 + r/1000) / ln(1 + 2,000);
// slow callers 20 × (1 − e^(−S/10)); pending change 20 × (1 − e^(−D/3)); all × the environment
// weight (production 1, sandbox 0.35); each term rounded to 0.1, the score their sum.
import { describe, expect, it } from 'vitest';
import { useFixture } from '../../../helpers/fixture-db.ts';
import { blastFixture } from './blast-fixture.ts';

const db = useFixture(blastFixture);

const breakdownSql = `select target_id, dependents, slow_dependents, requests_per_day, pending_change,
  dependents_points, traffic_points, slow_callers_points, pending_change_points, score
  from v_blast_score where target_id = $id`;

describe('v_blast_score breakdown', () => {
  it.each([
    {
      // key_prod_a: D 3, S 2 (bot, agent), 800/day, expires 2026-11-05 (< 30 days): pending.
      // 25 × (1 − e^−2) = 21.62 → 21.6; 35 × ln 1.8 / ln 2001 = 2.71 → 2.7;
      // 20 × (1 − e^−0.2) = 3.63 → 3.6; 20 × (1 − e^−1) = 12.64 → 12.6; sum 40.5.
      target_id: 'key_prod_a',
      dependents: 3,
      slow_dependents: 2,
      requests_per_day: 800,
      pending_change: true,
      dependents_points: 21.6,
      traffic_points: 2.7,
      slow_callers_points: 3.6,
      pending_change_points: 12.6,
      score: 40.5,
    },
    {
      // key_sandbox: D 1, 20/day, sandbox × 0.35: 0.35 × 25 × (1 − e^(−1/1.5)) = 4.27 → 4.3;
      // 0.35 × 35 × ln 1.02 / ln 2001 = 0.03 → 0.0.
      target_id: 'key_sandbox',
      dependents: 1,
      slow_dependents: 0,
      requests_per_day: 20,
      pending_change: false,
      dependents_points: 4.3,
      traffic_points: 0,
      slow_callers_points: 0,
      pending_change_points: 0,
      score: 4.3,
    },
    {
      // rt_orders_v1: deprecated, D 1 (agent), 100/day: 25 × (1 − e^(−1/15)) = 1.61 → 1.6;
      // 35 × ln 1.1 / ln 2001 = 0.44 → 0.4; 20 × (1 − e^−0.1) = 1.90 → 1.9;
      // 20 × (1 − e^(−1/3)) = 5.67 → 5.7; sum 9.6.
      target_id: 'rt_orders_v1',
      dependents: 1,
      slow_dependents: 1,
      requests_per_day: 100,
      pending_change: true,
      dependents_points: 1.6,
      traffic_points: 0.4,
      slow_callers_points: 1.9,
      pending_change_points: 5.7,
      score: 9.6,
    },
    {
      // fn_create serves v2 (730) and v1 (100): D 3, S 2, 830/day: 25 × (1 − e^−0.2) = 4.53 → 4.5;
      // 35 × ln 1.83 / ln 2001 = 2.78 → 2.8; 3.6 as above; no pending change for a function; 10.9.
      target_id: 'fn_create',
      dependents: 3,
      slow_dependents: 2,
      requests_per_day: 830,
      pending_change: false,
      dependents_points: 4.5,
      traffic_points: 2.8,
      slow_callers_points: 3.6,
      pending_change_points: 0,
      score: 10.9,
    },
    {
      // rt_v3_sandbox: nobody calls it: every term 0.
      target_id: 'rt_v3_sandbox',
      dependents: 0,
      slow_dependents: 0,
      requests_per_day: 0,
      pending_change: false,
      dependents_points: 0,
      traffic_points: 0,
      slow_callers_points: 0,
      pending_change_points: 0,
      score: 0,
    },
  ])('$target_id', async (expected) => {
    expect(await db().query(breakdownSql, { id: expected.target_id })).toEqual([expected]);
  });
});

describe('v_blast_score reason', () => {
  it.each([
    [
      'key_prod_a',
      'Production key used by 3 consumers (2 automation or assistant) at 800 requests/day; it expires soon.',
    ],
    [
      'rt_orders_v1',
      'Prod route called by 1 consumer (1 automation or assistant) at 100 requests/day; deprecated but still called.',
    ],
    ['fn_read', 'Sandbox function serving 1 route called by 1 consumer at 20 requests/day.'],
    [
      'fn_create',
      'Prod function serving 2 routes called by 3 consumers (2 automation or assistant) at 830 requests/day.',
    ],
    ['rt_v3_sandbox', 'Sandbox route called by no consumer.'],
  ])('%s', async (id, reason) => {
    expect(await db().query('select reason from v_blast_score where target_id = $id', { id })).toEqual([
      { reason },
    ]);
  });
});

describe('high blast', () => {
  it('flags keys at the thresholds table high_blast_score as rotation risk', async () => {
    await db().run('update thresholds set high_blast_score = 40.5');
    try {
      const rows = await db().query(
        `select target_id, is_high_blast, is_rotation_risk from v_blast_score where is_high_blast order by target_id`,
      );
      // Only key_prod_a reaches 40.5.
      expect(rows).toEqual([{ target_id: 'key_prod_a', is_high_blast: true, is_rotation_risk: true }]);
    } finally {
      await db().run('update thresholds set high_blast_score = 55');
    }
  });
});

describe('v_blast_board', () => {
  it('ranks targets across types by score, linking each to its detail page and what-if', async () => {
    const rows = await db().query(
      'select rank, target_type, target_id, score, href, what_if_href from v_blast_board order by rank limit 3',
    );
    expect(rows).toEqual([
      {
        rank: 1,
        target_type: 'key',
        target_id: 'key_prod_a',
        score: 40.5,
        href: '/app/api/keys/key_prod_a',
        what_if_href: '/app/api/keys/key_prod_a#what-if',
      },
      // key_prod_b: 25 × (1 − e^(−1/1.5)) = 12.2, 30/day → 0.1, S 1 → 1.9: 14.2.
      {
        rank: 2,
        target_type: 'key',
        target_id: 'key_prod_b',
        score: 14.2,
        href: '/app/api/keys/key_prod_b',
        what_if_href: '/app/api/keys/key_prod_b#what-if',
      },
      {
        rank: 3,
        target_type: 'function',
        target_id: 'fn_create',
        score: 10.9,
        href: '/app/api/functions/fn_create',
        what_if_href: '/app/api/functions/fn_create#what-if',
      },
    ]);
  });

  it('holds at most board_size entries', async () => {
    const [row] = await db().query<{ n: number; size: number }>(
      'select count(*)::INTEGER as n, (select board_size from v_blast_constants) as size from v_blast_board',
    );
    // 3 keys + 4 routes + fn_create = 8 entries (fn_legacy and fn_read share their route's), under 10.
    expect(row).toEqual({ n: 8, size: 10 });
  });

  it('tells a route and a function that serves only it as one entry, labelled route → function', async () => {
    const rows = await db().query(
      `select target_type, target_id, label, paired_function_id, paired_function_name, href from v_blast_board
       where target_id in ('rt_orders_v1', 'rt_sandbox', 'rt_orders_v2', 'fn_create') order by target_id`,
    );
    expect(rows).toEqual([
      // fn_create serves two routes: a story of its own, and rt_orders_v2 keeps its bare label
      {
        target_type: 'function',
        target_id: 'fn_create',
        label: 'fn_create',
        paired_function_id: null,
        paired_function_name: null,
        href: '/app/api/functions/fn_create',
      },
      {
        target_type: 'route',
        target_id: 'rt_orders_v1',
        label: 'POST /v1/orders → fn_legacy',
        paired_function_id: 'fn_legacy',
        paired_function_name: 'fn_legacy',
        href: '/app/api/routes/rt_orders_v1',
      },
      {
        target_type: 'route',
        target_id: 'rt_orders_v2',
        label: 'POST /v2/orders',
        paired_function_id: null,
        paired_function_name: null,
        href: '/app/api/routes/rt_orders_v2',
      },
      {
        target_type: 'route',
        target_id: 'rt_sandbox',
        label: 'GET /v2/orders/{order_id} → fn_read',
        paired_function_id: 'fn_read',
        paired_function_name: 'fn_read',
        href: '/app/api/routes/rt_sandbox',
      },
    ]);
    const paired = await db().query(
      `select target_id from v_blast_board where target_id in ('fn_legacy', 'fn_read')`,
    );
    expect(paired).toEqual([]);
  });
});
