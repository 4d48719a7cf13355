// The budget view shows the error-budget views: the period's budget, its days, the burn-rate rules
// and alerts, and who burned it, where the top few of each dimension and "all others" together
// account for every 5xx of v_budget_burn_attribution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { budgetScreen, budgetShares } from '../../src/queries/budget.ts';
import type { FixtureDb } from '../helpers/fixture-db.ts';
import { loadConsoleFixture } from './console-fixture.ts';

let db: FixtureDb;
let ws: Workspace;
beforeAll(async () => ({ db, ws } = await loadConsoleFixture()));
afterAll(() => db.close());

describe('budget view', () => {
  it('shows the period of v_budget_burn_daily and the totals of v_availability', async () => {
    const screen = await budgetScreen(ws);
    const days = await db.query<{ day: string; cumulative_spent_pct: number; status_5xx: number }>(
      "select strftime(day, '%Y-%m-%d') as day, cumulative_spent_pct, status_5xx from v_budget_burn_daily order by day",
    );
    expect(screen.daily.map((d) => [d.day, d.cumulative_spent_pct])).toEqual(
      days.map((d) => [d.day, d.cumulative_spent_pct]),
    );
    const [availability] = await db.query<{ budget_spent_pct: number }>(
      'select budget_spent_pct from v_availability',
    );
    expect(screen.summary.budget_spent_pct).toBe(availability?.budget_spent_pct);
    expect(screen.summary.status_5xx).toBe(days.reduce((sum, d) => sum + d.status_5xx, 0));
    expect(screen.summary.days).toBe(days.length);
  });

  it('lists each burn-rate rule once with the windows and threshold of v_budget_burn_rates', async () => {
    const { rules } = await budgetScreen(ws);
    const view = await db.query<{ rule: string; threshold: number; evaluations: number }>(
      'select rule, any_value(burn_rate_threshold) as threshold, count(*)::INTEGER as evaluations from v_budget_burn_rates group by rule order by min(sort_order)',
    );
    expect(
      rules.map((r) => ({ rule: r.rule, threshold: r.burn_rate_threshold, evaluations: r.evaluations })),
    ).toEqual(view);
  });

  it('gives every burn alert of v_alert_budget_burn its own shares, never another alert’s', async () => {
    const { alerts } = await budgetScreen(ws);
    const view = await db.query<{ alert_id: string }>(
      'select alert_id from v_alert_budget_burn order by alert_id',
    );
    expect(alerts.map((a) => a.alert_id).sort()).toEqual(view.map((v) => v.alert_id));
    for (const alert of alerts) expect(alert.shares.every((s) => s.alert_id === alert.alert_id)).toBe(true);
  });

  it.each([1, 2, 100])(
    'accounts for every 5xx with the top %d of each dimension and all others',
    async (top) => {
      const rows = await budgetShares(ws, top);
      const view = await db.query<{
        dimension: string;
        targets: number;
        status_5xx: number;
        share_pct: number;
      }>(
        'select dimension, count(*)::INTEGER as targets, sum(status_5xx) as status_5xx, sum(share_pct) as share_pct from v_budget_burn_attribution group by dimension order by dimension',
      );
      expect(view.some((v) => v.targets > 1)).toBe(true);
      for (const v of view) {
        const shown = rows.filter((r) => r.dimension === v.dimension);
        const named = shown.filter((r) => r.target_id !== null);
        expect(named.length).toBe(Math.min(top, v.targets));
        expect(shown.length - named.length).toBe(v.targets > top ? 1 : 0);
        expect(shown.reduce((sum, r) => sum + r.status_5xx, 0)).toBeCloseTo(v.status_5xx, 6);
        expect(shown.reduce((sum, r) => sum + r.share_pct, 0)).toBeCloseTo(v.share_pct, 6);
      }
    },
  );
});
