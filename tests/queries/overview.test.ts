// The Overview's figures are exactly the values of its views (read directly here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { overviewScreen } from '../../src/queries/overview.ts';
import { period } from '../../src/queries/common.ts';
import type { FixtureDb } from '../helpers/fixture-db.ts';
import { loadConsoleFixture } from './console-fixture.ts';

let db: FixtureDb;
let ws: Workspace;
beforeAll(async () => ({ db, ws } = await loadConsoleFixture()));
afterAll(() => db.close());

describe('overview screen', () => {
  it('shows v_overview, v_overview_error_rate and v_availability as they are', async () => {
    const screen = await overviewScreen(ws);
    expect(screen.figures).toEqual((await db.query('select * from v_overview'))[0]);
    expect(screen.errors).toEqual((await db.query('select * from v_overview_error_rate'))[0]);
    expect(screen.availability).toEqual((await db.query('select * from v_availability'))[0]);
  });

  it('lists the caller mix human, automation, assistant with the view’s shares', async () => {
    const screen = await overviewScreen(ws);
    const view = await db.query(
      'select caller_kind, requests, share_pct from v_caller_mix order by sort_order',
    );
    expect(screen.callerMix).toEqual(view);
    expect(screen.callerMix.map((c) => c.caller_kind)).toEqual(['human', 'automation', 'assistant']);
  });

  it('charts every day of v_requests_daily in order', async () => {
    const screen = await overviewScreen(ws);
    const view = await db.query<{ day: string; requests: number }>(
      "select strftime(day, '%Y-%m-%d') as day, requests from v_requests_daily order by day",
    );
    expect(screen.requestsDaily).toEqual(view);
    expect(screen.requestsDaily).toHaveLength((await period(ws)).days);
  });

  it('ranks the board as v_blast_board does, each with its reason and link', async () => {
    const screen = await overviewScreen(ws);
    const view = await db.query(
      'select rank, target_type, target_id, score, reason, what_if_href as href from v_blast_board order by rank',
    );
    expect(
      screen.board.map(({ rank, target_type, target_id, score, reason, href }) => ({
        rank,
        target_type,
        target_id,
        score,
        reason,
        href,
      })),
    ).toEqual(view);
    expect(screen.board.length).toBeGreaterThan(0);
  });

  it('lists every alert of v_alerts with its target link and throttle figures', async () => {
    const screen = await overviewScreen(ws);
    const view = await db.query<{
      alert_id: string;
      throttled_429: number | null;
      quota_burn_pct: number | null;
      href: string;
    }>(
      'select alert_id, throttled_429::DOUBLE as throttled_429, quota_burn_pct::DOUBLE as quota_burn_pct, href from v_alerts order by alert_id',
    );
    const shown = screen.alerts
      .map(({ alert_id, throttled_429, quota_burn_pct, href }) => ({
        alert_id,
        throttled_429,
        quota_burn_pct,
        href,
      }))
      .sort((a, b) => a.alert_id.localeCompare(b.alert_id));
    expect(shown).toEqual(view);
    expect(screen.alerts.some((a) => a.kind === 'throttle_storm' && a.throttled_429 !== null)).toBe(true);
  });
});
