// The Functions screen and a function's detail page show the values of v_function_stats (the status
// and its reason from v_function_status), v_function_daily, v_function_dependents and v_blast_score.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { functionDetailScreen, functionRows } from '../../src/queries/functions.ts';
import type { FixtureDb } from '../helpers/fixture-db.ts';
import { loadConsoleFixture } from './console-fixture.ts';

let db: FixtureDb;
let ws: Workspace;
beforeAll(async () => ({ db, ws } = await loadConsoleFixture()));
afterAll(() => db.close());

const columns = [
  'function_id',
  'runtime',
  'region',
  'route_id',
  'invocations',
  'cold_pct',
  'errors',
  'p99_ms',
  'is_cold_heavy',
] as const;

describe('functions screen', () => {
  it('shows the columns of v_function_stats with the status by rule and the blast score, highest blast first', async () => {
    const rows = await functionRows(ws);
    const view = await db.query<Record<string, unknown>>(
      `select ${columns.map((c) => `f.${c}`).join(', ')}, s.status, s.status_reason,
         s.status <> 'healthy' as needs_attention, b.score as blast_score
       from v_function_stats f join v_function_status s using (function_id)
       join v_blast_score b on b.target_type = 'function' and b.target_id = f.function_id order by function_id`,
    );
    const pick = (r: Record<string, unknown>) =>
      Object.fromEntries(
        [...columns, 'status', 'status_reason', 'needs_attention', 'blast_score'].map((c) => [c, r[c]]),
      );
    expect(
      rows
        .map((r) => pick({ ...r }))
        .sort((a, b) => String(a.function_id).localeCompare(String(b.function_id))),
    ).toEqual(view);
    const scores = rows.map((r) => r.blast_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('function detail', () => {
  it('links back to the route it backs first, then the other routes it serves', async () => {
    const detail = await functionDetailScreen('fn_create', ws);
    expect(detail?.fn.route_id).toBe('rt_orders_v2');
    expect(detail?.routes.map((r) => [r.route.route_id, r.is_backed_route])).toEqual([
      ['rt_orders_v2', true],
      ['rt_orders_v1', false],
    ]);
  });

  it('lists the consumers of v_function_dependents and charts v_function_daily', async () => {
    const detail = await functionDetailScreen('fn_create', ws);
    const consumers = await db.query<{ consumer_id: string; route_id: string; requests_per_day: number }>(
      "select consumer_id, route_id, requests_per_day from v_function_dependents where function_id = 'fn_create' order by requests_per_day desc",
    );
    expect(
      detail?.consumers.map(({ consumer_id, route_id, requests_per_day }) => ({
        consumer_id,
        route_id,
        requests_per_day,
      })),
    ).toEqual(consumers);
    const daily = await db.query(
      "select strftime(day, '%Y-%m-%d') as day, invocations, cold_starts, errors, p99_ms from v_function_daily where function_id = 'fn_create' order by day",
    );
    expect(detail?.daily).toEqual(daily);
  });

  it('is undefined for a function the workspace does not have', async () => {
    expect(await functionDetailScreen('fn_missing', ws)).toBeUndefined();
  });
});
