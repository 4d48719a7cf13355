// The rotate, retire and change-function previews on the hand-computed blast fixture: every number
// is derived in a comment from the rows of blast-fixture.ts (per day = total ÷ 10 days).
import { describe, expect, it } from 'vitest';
import { useFixture, withFixture } from '../../../helpers/fixture-db.ts';
import { blastFixture } from './blast-fixture.ts';

const db = useFixture(blastFixture);

describe('v_preview_rotate_key', () => {
  it('counts the consumers that must switch, their traffic, kinds and routes', async () => {
    const rows = await db().query(
      `select key_id, consumers_to_switch, requests_per_day, automation_consumers, assistant_consumers,
        human_consumers, routes_reached, overlap_window_days, has_overlap_window
       from v_preview_rotate_key order by key_id`,
    );
    expect(rows).toEqual([
      // key_prod_a: human 500 + bot 200 + agent 100 = 800/day; routes v2 and v1; expires 2026-11-05,
      // 4 days after as_of 2026-11-01: the 14-day overlap is cut to 4 < 7 days, so no usable overlap.
      {
        key_id: 'key_prod_a',
        consumers_to_switch: 3,
        requests_per_day: 800,
        automation_consumers: 1,
        assistant_consumers: 1,
        human_consumers: 1,
        routes_reached: 2,
        overlap_window_days: 4,
        has_overlap_window: false,
      },
      // key_prod_b: only con_agent, 60 × 5 days ÷ 10 = 30/day on v2; no expiry: the full 14 days.
      {
        key_id: 'key_prod_b',
        consumers_to_switch: 1,
        requests_per_day: 30,
        automation_consumers: 0,
        assistant_consumers: 1,
        human_consumers: 0,
        routes_reached: 1,
        overlap_window_days: 14,
        has_overlap_window: true,
      },
      // key_sandbox: con_tester, 40 × 5 ÷ 10 = 20/day on rt_sandbox.
      {
        key_id: 'key_sandbox',
        consumers_to_switch: 1,
        requests_per_day: 20,
        automation_consumers: 0,
        assistant_consumers: 0,
        human_consumers: 1,
        routes_reached: 1,
        overlap_window_days: 14,
        has_overlap_window: true,
      },
    ]);
  });

  it('has no overlap for a revoked key', async () => {
    const fixture = blastFixture();
    fixture.keys = fixture.keys?.map((k) => (k.key_id === 'key_sandbox' ? { ...k, status: 'revoked' } : k));
    const rows = await withFixture(fixture, (revoked) =>
      revoked.query(
        `select overlap_window_days, has_overlap_window from v_preview_rotate_key where key_id = 'key_sandbox'`,
      ),
    );
    expect(rows).toEqual([{ overlap_window_days: 0, has_overlap_window: false }]);
  });

  it('lists each consumer with its traffic and whether it holds a second key', async () => {
    const rows = await db().query(
      `select consumer_id, requests_per_day, routes, other_active_keys
       from v_preview_rotate_key_consumers where key_id = 'key_prod_a' order by requests_per_day desc`,
    );
    expect(rows).toEqual([
      { consumer_id: 'con_human', requests_per_day: 500, routes: 1, other_active_keys: 0 },
      { consumer_id: 'con_bot', requests_per_day: 200, routes: 1, other_active_keys: 0 },
      // con_agent also holds key_prod_b, an active production key.
      { consumer_id: 'con_agent', requests_per_day: 100, routes: 1, other_active_keys: 1 },
    ]);
  });
});

describe('v_preview_retire_route', () => {
  it('reports dependents still calling, their agent share, orphaned functions and dates', async () => {
    const rows = await db().query(
      `select route_id, deprecated, strftime(deprecated_at, '%Y-%m-%d') as deprecated_at,
        strftime(sunset_at, '%Y-%m-%d') as sunset_at, successor_route_id, successor_path, dependents_calling,
        requests_per_day, agent_share_pct, automation_share_pct, functions_left_without_route
       from v_preview_retire_route order by route_id`,
    );
    expect(rows).toEqual([
      // v1: con_agent 200 assistant × 5 ÷ 10 = 100/day, 100% agent; fn_legacy serves only v1
      // (fn_create still serves v2), so 1 function is left without a route. Dates as stored.
      {
        route_id: 'rt_orders_v1',
        deprecated: true,
        deprecated_at: '2026-06-01',
        sunset_at: '2027-01-31',
        successor_route_id: 'rt_orders_v2',
        successor_path: '/v2/orders',
        dependents_calling: 1,
        requests_per_day: 100,
        agent_share_pct: 100,
        automation_share_pct: 0,
        functions_left_without_route: 1,
      },
      // v2: 500 + 200 + 30 = 730/day; agent 30/730, automation 200/730 (unrounded). Not
      // deprecated: proposed as of 2026-11-01, sunset 90 days later (2027-01-30); no v3 POST route.
      {
        route_id: 'rt_orders_v2',
        deprecated: false,
        deprecated_at: '2026-11-01',
        sunset_at: '2027-01-30',
        successor_route_id: null,
        successor_path: null,
        dependents_calling: 3,
        requests_per_day: 730,
        agent_share_pct: (100 * 30) / 730,
        automation_share_pct: (100 * 200) / 730,
        functions_left_without_route: 0,
      },
      // rt_sandbox: 20/day from one human; successor inferred: GET /v3/orders/{order_id} on sandbox.
      {
        route_id: 'rt_sandbox',
        deprecated: false,
        deprecated_at: '2026-11-01',
        sunset_at: '2027-01-30',
        successor_route_id: 'rt_v3_sandbox',
        successor_path: '/v3/orders/{order_id}',
        dependents_calling: 1,
        requests_per_day: 20,
        agent_share_pct: 0,
        automation_share_pct: 0,
        functions_left_without_route: 1,
      },
      // rt_v3_sandbox: nobody calls it and no function serves it.
      {
        route_id: 'rt_v3_sandbox',
        deprecated: false,
        deprecated_at: '2026-11-01',
        sunset_at: '2027-01-30',
        successor_route_id: null,
        successor_path: null,
        dependents_calling: 0,
        requests_per_day: 0,
        agent_share_pct: 0,
        automation_share_pct: 0,
        functions_left_without_route: 0,
      },
    ]);
  });

  it('lists who still calls the deprecated route and which functions it would orphan', async () => {
    const dependents = await db().query(
      `select consumer_id, primary_caller_kind, key_ids, requests_per_day, agent_share_pct
       from v_preview_retire_route_dependents where route_id = 'rt_orders_v1'`,
    );
    expect(dependents).toEqual([
      {
        consumer_id: 'con_agent',
        primary_caller_kind: 'assistant',
        key_ids: 'key_prod_a',
        requests_per_day: 100,
        agent_share_pct: 100,
      },
    ]);
    const functions = await db().query(
      `select function_id, left_without_route from v_preview_retire_route_functions
       where route_id = 'rt_orders_v1' order by function_id`,
    );
    expect(functions).toEqual([
      { function_id: 'fn_create', left_without_route: false },
      { function_id: 'fn_legacy', left_without_route: true },
    ]);
  });
});

describe('v_preview_change_function', () => {
  it('sums the routes a function serves and the consumers behind them', async () => {
    const rows = await db().query(
      `select function_id, routes_served, requests_per_day, agent_share_pct, consumers, automation_consumers,
        assistant_consumers from v_preview_change_function order by function_id`,
    );
    expect(rows).toEqual([
      // fn_create serves v2 (730) and v1 (100) = 830/day; assistant 30 + 100 = 130 → 130/830 (unrounded).
      {
        function_id: 'fn_create',
        routes_served: 2,
        requests_per_day: 830,
        agent_share_pct: (100 * 130) / 830,
        consumers: 3,
        automation_consumers: 1,
        assistant_consumers: 1,
      },
      // fn_legacy serves v1 only: con_agent's 100/day, all assistant.
      {
        function_id: 'fn_legacy',
        routes_served: 1,
        requests_per_day: 100,
        agent_share_pct: 100,
        consumers: 1,
        automation_consumers: 0,
        assistant_consumers: 1,
      },
      // fn_read serves rt_sandbox: con_tester's 20/day.
      {
        function_id: 'fn_read',
        routes_served: 1,
        requests_per_day: 20,
        agent_share_pct: 0,
        consumers: 1,
        automation_consumers: 0,
        assistant_consumers: 0,
      },
    ]);
  });

  it('lists routes and consumers behind a function', async () => {
    const routes = await db().query(
      `select route_id, deprecated, dependents, requests_per_day from v_preview_change_function_routes
       where function_id = 'fn_create' order by route_id`,
    );
    expect(routes).toEqual([
      { route_id: 'rt_orders_v1', deprecated: true, dependents: 1, requests_per_day: 100 },
      { route_id: 'rt_orders_v2', deprecated: false, dependents: 3, requests_per_day: 730 },
    ]);
    const consumers = await db().query(
      `select consumer_id, routes, requests_per_day from v_preview_change_function_consumers
       where function_id = 'fn_create' order by consumer_id`,
    );
    // con_agent: 100 on v1 + 30 on v2 = 130/day over 2 routes.
    expect(consumers).toEqual([
      { consumer_id: 'con_agent', routes: 2, requests_per_day: 130 },
      { consumer_id: 'con_bot', routes: 1, requests_per_day: 200 },
      { consumer_id: 'con_human', routes: 1, requests_per_day: 500 },
    ]);
  });
});
