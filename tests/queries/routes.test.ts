// The Routes screen and a route's detail page show the values of v_route_stats, v_route_counts,
// v_blast_score and the dependency and daily views.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { routeCounts, routeDetailScreen, routeRows } from '../../src/queries/routes.ts';
import type { FixtureDb } from '../helpers/fixture-db.ts';
import { loadConsoleFixture } from './console-fixture.ts';

let db: FixtureDb;
let ws: Workspace;
beforeAll(async () => ({ db, ws } = await loadConsoleFixture()));
afterAll(() => db.close());

const columns = [
  'route_id',
  'method',
  'path',
  'stage',
  'deprecated',
  'requests_per_day',
  'p99_ms',
  'error_pct',
  'agent_share_pct',
  'dependents',
  'is_hot_path',
  'is_agent_heavy',
] as const;

describe('routes screen', () => {
  it('shows every column of v_route_stats with the blast score, busiest first', async () => {
    const rows = await routeRows(ws);
    const view = await db.query<Record<string, unknown>>(
      `select ${columns.map((c) => `r.${c}`).join(', ')}, b.score as blast_score from v_route_stats r
       join v_blast_score b on b.target_type = 'route' and b.target_id = r.route_id order by r.route_id`,
    );
    const pick = (r: Record<string, unknown>) =>
      Object.fromEntries([...columns, 'blast_score'].map((c) => [c, r[c]]));
    expect(
      rows.map((r) => pick({ ...r })).sort((a, b) => String(a.route_id).localeCompare(String(b.route_id))),
    ).toEqual(view);
    const traffic = rows.map((r) => r.requests_per_day);
    expect(traffic).toEqual([...traffic].sort((a, b) => b - a));
  });

  it('shows v_route_counts for all stages and each stage', async () => {
    const view = await db.query(
      'select stage, routes, hot_paths, deprecated_paths, agent_heavy_paths from v_route_counts order by sort_order',
    );
    expect(await routeCounts(ws)).toEqual(view);
  });
});

describe('route detail', () => {
  it('lists the functions serving the route and the consumers calling it', async () => {
    const detail = await routeDetailScreen('rt_orders_v1', ws);
    const functions = await db.query<{ function_id: string }>(
      "select function_id from route_functions where route_id = 'rt_orders_v1' union select function_id from functions where route_id = 'rt_orders_v1' order by function_id",
    );
    expect(detail?.functions.map((f) => f.function_id).sort()).toEqual(functions.map((f) => f.function_id));
    const consumers = await db.query<{ consumer_id: string; key_id: string; requests_per_day: number }>(
      "select consumer_id, key_id, requests_per_day from v_route_dependents where route_id = 'rt_orders_v1' order by consumer_id",
    );
    expect(
      detail?.consumers.map((c) => ({
        consumer_id: c.consumer_id,
        key_id: c.key_id,
        requests_per_day: c.requests_per_day,
      })),
    ).toEqual(consumers);
    expect(detail?.successor?.route_id).toBe('rt_orders_v2');
  });

  it('charts v_route_requests_daily on every day of the period (zero when quiet) and v_route_latency_daily', async () => {
    const detail = await routeDetailScreen('rt_orders_v2', ws);
    const traffic = await db.query<{ day: string; requests: number }>(
      "select strftime(day, '%Y-%m-%d') as day, requests from v_route_requests_daily where route_id = 'rt_orders_v2' order by day",
    );
    const shown = new Map(detail?.traffic.map((d) => [d.day, d.requests]));
    for (const t of traffic) expect(shown.get(t.day)).toBe(t.requests);
    expect(detail?.traffic).toHaveLength(10);
    expect(
      detail?.traffic.filter((d) => !traffic.some((t) => t.day === d.day)).every((d) => d.requests === 0),
    ).toBe(true);
    const latency = await db.query(
      "select strftime(day, '%Y-%m-%d') as day, p50_ms, p99_ms from v_route_latency_daily where route_id = 'rt_orders_v2' order by day",
    );
    expect(detail?.latency).toEqual(latency);
  });

  it('is undefined for a route the workspace does not have', async () => {
    expect(await routeDetailScreen('rt_missing', ws)).toBeUndefined();
  });
});
