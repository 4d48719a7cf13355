// The Consumers screen and a consumer's detail page show the rows of the v_consumer_* views: every
// consumer, highest quota burn first, and for one consumer its burn days, keys, routes, caller mix
// and the alerts naming it; an unknown consumer has no page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { consumerDetailScreen, consumerIds, consumerStatsRows } from '../../src/queries/consumers.ts';
import type { FixtureDb } from '../helpers/fixture-db.ts';
import { loadConsoleFixture } from './console-fixture.ts';

let db: FixtureDb;
let ws: Workspace;
beforeAll(async () => ({ db, ws } = await loadConsoleFixture()));
afterAll(() => db.close());

describe('consumers screen', () => {
  it('lists every consumer of v_consumer_stats with its figures, highest quota burn first', async () => {
    const rows = await consumerStatsRows(ws);
    const view = await db.query<{
      consumer_id: string;
      quota_burn_pct: number;
      is_at_risk: boolean;
      throttled_429: number;
    }>(
      'select consumer_id, quota_burn_pct, is_at_risk, throttled_429 from v_consumer_stats order by consumer_id',
    );
    const shown = rows
      .map(({ consumer_id, quota_burn_pct, is_at_risk, throttled_429 }) => ({
        consumer_id,
        quota_burn_pct,
        is_at_risk,
        throttled_429,
      }))
      .sort((a, b) => a.consumer_id.localeCompare(b.consumer_id));
    expect(shown).toEqual(view);
    const burns = rows.map((r) => r.quota_burn_pct ?? -1);
    expect(burns).toEqual([...burns].sort((a, b) => b - a));
    expect(rows.every((r) => r.is_throttled === r.throttled_429 > 0)).toBe(true);
    expect((await consumerIds(ws)).sort()).toEqual(view.map((v) => v.consumer_id));
  });
});

describe("a consumer's detail page", () => {
  it.each(['con_shop', 'con_bot', 'con_team'])(
    'shows the views’ rows for %s, and only its own',
    async (id) => {
      const screen = await consumerDetailScreen(id, ws);
      const rowsOf = (view: string, order: string) =>
        db.query<Record<string, unknown>>(`select * from ${view} where consumer_id = $id order by ${order}`, {
          id,
        });
      const burn = await rowsOf('v_consumer_burn_daily', 'day');
      expect(screen?.burn.map((d) => d.cumulative_burn_pct)).toEqual(burn.map((d) => d.cumulative_burn_pct));
      expect(screen?.burn.map((d) => d.threshold_pct)).toEqual(burn.map((d) => d.threshold_pct));
      const keys = await rowsOf('v_consumer_keys', 'key_id');
      expect(screen?.keys.map((k) => k.key_id).sort()).toEqual(keys.map((k) => k.key_id));
      const routes = await rowsOf('v_consumer_routes', 'route_id');
      expect(screen?.routes.map((r) => r.route_id).sort()).toEqual(routes.map((r) => r.route_id));
      expect(keys.length + routes.length).toBeGreaterThan(0);
      expect(screen?.callerMix.map((m) => m.caller_kind)).toEqual(['human', 'automation', 'assistant']);
      const alerts = await rowsOf('v_alert_consumers', 'alert_id');
      expect(screen?.alerts.map((a) => a.alert_id).sort()).toEqual(alerts.map((a) => a.alert_id));
      const blasts = (screen?.keys ?? []).map((k) => k.blast_score);
      expect(blasts).toEqual([...blasts].sort((a, b) => b - a));
    },
  );

  it('has no page for a consumer the workspace lacks', async () => {
    expect(await consumerDetailScreen('con_missing', ws)).toBeUndefined();
  });
});
